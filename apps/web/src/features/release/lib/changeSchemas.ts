import { createReleaseChangeBody } from '@portal/contract';

/*
 * The contract's rules of a change's fields. A module of its own, loaded on the first validation: the schemas bring
 * zod with them, which the update page's first paint does not need.
 */

const fields = createReleaseChangeBody.shape;
export type ChangeField = keyof typeof fields;

/** What the server would say of one field's value, or null when it is valid. */
export function fieldMessage(field: ChangeField, value: unknown): string | null {
  const result = fields[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}
