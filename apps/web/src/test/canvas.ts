import { vi } from 'vitest';

/** Accepts every path call (a stand-in for the browser's Path2D, which jsdom lacks). */
class Path2DStub {
  constructor() {
    return new Proxy(this, {
      get: (target, key) => (key in target ? target[key as keyof Path2DStub] : () => undefined),
    });
  }
}

/**
 * jsdom has no canvas (getContext answers null, no Path2D): this hands out a 2D context that accepts every drawing
 * call and measures text as 7 px per character, so a canvas chart (uPlot) runs in tests with its DOM (legend, axes
 * box) and its data, only without pixels. Undone by `vi.restoreAllMocks()` / `vi.unstubAllGlobals()` after each test
 * (test/setup.ts).
 */
export function stubCanvas(): void {
  vi.stubGlobal('Path2D', Path2DStub);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const state: Record<PropertyKey, unknown> = { canvas: this };
    return new Proxy(state, {
      get(target, key) {
        if (key === 'measureText') return (text: string) => ({ width: text.length * 7 });
        if (key in target) return target[key];
        return () => undefined;
      },
      set(target, key, value) {
        target[key] = value;
        return true;
      },
    }) as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
}
