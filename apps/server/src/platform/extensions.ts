/*
 * Extension points: how one feature lets others plug into it without either editing the other's files.
 * The owning feature declares a point (`extensionPoint<T>(name, keyOf)`) and looks items up through the app's
 * registry; contributing features list `point.provide(item)` in their feature module. The registry is built per app
 * (on the app context), never a module-global map, so two apps in one process never share or overwrite entries.
 */

export interface ExtensionPoint<T> {
  readonly name: string;
  readonly keyOf: (item: T) => string;
  provide(...items: T[]): Contribution;
}

/** One feature's contribution of items to an extension point. */
export interface Contribution {
  readonly point: ExtensionPoint<unknown>;
  readonly items: readonly unknown[];
}

export function extensionPoint<T>(name: string, keyOf: (item: T) => string): ExtensionPoint<T> {
  const point: ExtensionPoint<T> = {
    name,
    keyOf,
    provide: (...items) => ({ point: point as ExtensionPoint<unknown>, items }),
  };
  return point;
}

/** The items contributed to every extension point of one app. A key contributed twice is a start-up error. */
export class Registry {
  private readonly byPoint = new Map<ExtensionPoint<unknown>, Map<string, unknown>>();

  add(contribution: Contribution): void {
    const { point, items } = contribution;
    let entries = this.byPoint.get(point);
    if (!entries) {
      entries = new Map();
      this.byPoint.set(point, entries);
    }
    for (const item of items) {
      const key = point.keyOf(item);
      if (entries.has(key)) throw new Error(`${point.name}: ${key} is contributed twice`);
      entries.set(key, item);
    }
  }

  get<T>(point: ExtensionPoint<T>, key: string): T | undefined {
    return this.byPoint.get(point as ExtensionPoint<unknown>)?.get(key) as T | undefined;
  }

  all<T>(point: ExtensionPoint<T>): T[] {
    return [...(this.byPoint.get(point as ExtensionPoint<unknown>)?.values() ?? [])] as T[];
  }
}
