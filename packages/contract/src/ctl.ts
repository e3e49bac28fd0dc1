import { z } from 'zod';
import { route } from './api.js';
import { confirmField } from './confirmation.js';

/**
 * Cluster control (spec §2 `/clusters/{cluster_id}/ctl`, §7 devops `cluster … ctl (POST)`): an allow-listed set of
 * pd-ctl, tikv-ctl and SQL diagnostic commands run against one cluster. Commands that change state need a secondary
 * confirmation (confirmation.ts): a call without `confirm: true` answers 409 `confirmation.required`.
 */

export const ctlArgSchema = z.object({
  name: z.string(),
  description: z.string(),
  required: z.boolean(),
});

export const ctlCommandSchema = z.object({
  /** The command words, e.g. `pd-ctl config set`; send it as `command` (optionally followed by its arguments). */
  command: z.string(),
  /** e.g. `pd-ctl config set <key> <value>`. */
  usage: z.string(),
  description: z.string(),
  /** Changes cluster state: needs `confirm: true`. */
  mutates: z.boolean(),
  args: z.array(ctlArgSchema),
  /** An example invocation, ready to run. */
  example: z.string(),
});
export type CtlCommand = z.infer<typeof ctlCommandSchema>;
export const ctlCommandList = z.object({ items: z.array(ctlCommandSchema), total: z.number().int() });

export const CTL_MESSAGES = {
  clusterRequired: 'cluster id is required',
  commandRequired: 'command is required',
} as const;

export const ctlRunBody = z.object({
  cluster_id: z.string({ error: CTL_MESSAGES.clusterRequired }).trim().min(1, CTL_MESSAGES.clusterRequired).max(64),
  /** An allow-listed command (see the commands list); its arguments may follow it here or come in `args`. */
  command: z.string({ error: CTL_MESSAGES.commandRequired }).trim().min(1, CTL_MESSAGES.commandRequired).max(500),
  args: z.array(z.string().max(200)).max(20).optional(),
  /** The secondary confirmation of a state-changing command. */
  confirm: confirmField,
});
export type CtlRunBody = z.input<typeof ctlRunBody>;

export const ctlRunResponse = z.object({
  cluster_id: z.string(),
  /** The command as it ran, normalized (`pd-ctl region --limit 5`). */
  command: z.string(),
  mutates: z.boolean(),
  /** What the tool printed: JSON for pd-ctl, a table for SQL, text for tikv-ctl. */
  output: z.string(),
  output_format: z.enum(['json', 'table', 'text']),
  executed_at: z.string(),
});
export type CtlRunResponse = z.infer<typeof ctlRunResponse>;

/** Cluster control routes. Even read-only commands reach into a customer's cluster: running one is for operators. */
export const ctlApi = {
  commands: route({
    method: 'GET',
    path: '/api/v1/devops/cluster/ctl/commands',
    access: 'ctl.read',
    response: ctlCommandList,
  }),
  run: route({
    method: 'POST',
    path: '/api/v1/devops/cluster/ctl',
    access: 'ctl.write',
    body: ctlRunBody,
    response: ctlRunResponse,
  }),
};
