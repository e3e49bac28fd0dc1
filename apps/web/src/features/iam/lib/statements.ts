import { IAM_MESSAGES, policyStatementsSchema } from '@portal/contract';
import type { PolicyStatementInput } from '@portal/contract';

/** An example the editor starts from. */
export const EXAMPLE_STATEMENTS: PolicyStatementInput[] = [
  { effect: 'Deny', actions: ['ctl.write'], resources: ['*'] },
];

export const statementsText = (statements: readonly unknown[]) => JSON.stringify(statements, null, 2);

/** Where an issue is, in words: `statement 2, actions[1]`. */
function where(path: readonly PropertyKey[]): string {
  if (!path.length) return 'statements';
  const [index, field, item] = path;
  const parts = [`statement ${Number(index) + 1}`];
  if (field !== undefined) parts.push(item === undefined ? String(field) : `${String(field)}[${String(item)}]`);
  return parts.join(', ');
}

/**
 * The statements of the editor's text, or the errors to show: the JSON's own syntax error, else the contract's
 * messages (the server checks the same), each with where it is.
 */
export function parseStatements(text: string): { statements: PolicyStatementInput[] } | { errors: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { errors: [`${IAM_MESSAGES.notJson}: ${(e as Error).message}`] };
  }
  const parsed = policyStatementsSchema.safeParse(json);
  if (parsed.success) return { statements: parsed.data };
  return { errors: parsed.error.issues.slice(0, 6).map((i) => `${where(i.path)}: ${i.message}`) };
}
