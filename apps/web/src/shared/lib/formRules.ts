import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { fieldErrors } from './ApiError';

/** Anything with zod's safeParse: a contract schema or one field of it (`createProviderBody.shape.id`). */
export interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/**
 * An antd Form rule that validates with the contract's zod schema, so the form says exactly
 * what the server would. An empty input is validated as "".
 */
export function schemaRule(schema: SafeParser): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? 'Invalid value');
    },
  };
}

/**
 * Puts a 400 answer's field messages on the form's fields. Returns the messages it could not
 * place (unknown fields), so the caller can show them elsewhere.
 */
export function applyFieldErrors(form: FormInstance, error: unknown): { placed: number; unplaced: string[] } {
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
  const placed: { name: string; errors: string[] }[] = [];
  const unplaced: string[] = [];
  for (const issue of fieldErrors(error)) {
    if (known.has(issue.field)) placed.push({ name: issue.field, errors: [issue.message] });
    else unplaced.push(`${issue.field}: ${issue.message}`);
  }
  if (placed.length) form.setFields(placed);
  return { placed: placed.length, unplaced };
}
