import { RELEASE_MESSAGES } from '@portal/contract';
import type { RuleObject } from 'antd/es/form';
import type { ChangeField, fieldMessage } from './changeSchemas';

let schemas: Promise<{ fieldMessage: typeof fieldMessage }> | undefined;
const loadSchemas = () => (schemas ??= import('./changeSchemas'));

/** Trimmed, non-empty entries of a list field. */
export const trimAll = (xs: readonly string[] | undefined) => (xs ?? []).map((x) => x.trim()).filter(Boolean);

/** Pull request numbers as typed (`7`, `#7`) → numbers. */
export const pullNumbers = (xs: readonly string[] | undefined) => trimAll(xs).map((n) => Number(n.replace(/^#/, '')));

/** How each field's value is sent (and so checked). */
function asSent(field: ChangeField, value: unknown): unknown {
  if (field === 'pull_requests') return pullNumbers(value as string[] | undefined);
  if (Array.isArray(value)) return trimAll(value as string[]);
  return value ?? '';
}

/** A form rule checking a field with the contract's rule (loaded on first use), as the server will. */
export function contractRule(field: ChangeField): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (field === 'pull_requests') {
        const bad = ((value as string[] | undefined) ?? []).find((v) => !/^#?[1-9]\d{0,9}$/.test(v.trim()));
        if (bad !== undefined) throw new Error(`"${bad}" is not a pull request number`);
      }
      const message = (await loadSchemas()).fieldMessage(field, asSent(field, value));
      if (message) throw new Error(message);
    },
  };
}

/** Canary clusters must be among the targets (the contract's refinement of the whole body). */
export const canaryRule = ({ getFieldValue }: { getFieldValue(name: string): unknown }): RuleObject => ({
  validator: async (_rule, value: string[] | undefined) => {
    const targets = trimAll(getFieldValue('target_cluster_ids') as string[] | undefined);
    if (trimAll(value).some((c) => !targets.includes(c))) throw new Error(RELEASE_MESSAGES.canaryNotTarget);
  },
});
