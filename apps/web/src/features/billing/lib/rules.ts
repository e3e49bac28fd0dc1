import type { Rule } from 'antd/es/form';
import type { SafeParser } from '../../../shared/lib/formRules';

/**
 * An antd Form rule that checks what the field would send (its value converted: dollars to cents, percent to a
 * fraction, a picker day to an ISO time) with the contract's schema, so the form says what the server would.
 * An empty field is checked as undefined (the schema's "required" message).
 */
export function sentRule<V>(schema: SafeParser, convert: (value: V) => unknown): Rule {
  return {
    validator: async (_rule, value: V | null | undefined) => {
      const sent = value === null || value === undefined || (value as unknown) === '' ? undefined : convert(value);
      const result = schema.safeParse(sent);
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? 'Invalid value');
    },
  };
}

/** A rule that shows the first message `problem()` finds for the field (the contract's cross-field checks). */
export function problemRule(problem: () => string | undefined): Rule {
  return {
    validator: async () => {
      const message = problem();
      if (message) throw new Error(message);
    },
  };
}

/** The message of the first issue at `path` (compared element by element), if any. */
export function messageAt(
  issues: readonly { path: readonly (string | number)[]; message: string }[],
  path: readonly (string | number)[],
): string | undefined {
  return issues.find((i) => i.path.length === path.length && i.path.every((p, k) => p === path[k]))?.message;
}
