import type { z } from 'zod';
import type { Cluster, CtlCommand, ctlRunBody, CtlRunResponse, ListResult } from '@portal/contract';
import { writeAudit } from '../../platform/audit.js';
import { requireConfirmation } from '../../platform/confirmation.js';
import type { AppContext } from '../../platform/context.js';
import type { CtlCommandSpec, CtlInput } from '../../platform/control-plane.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { getCluster, listClusterComponents } from '../orgs/index.js';
import { splitOptions, tokenize } from './parse.js';

/**
 * The portal's side of cluster control: which commands may run (the control plane's allow-list), against which
 * clusters, after which confirmation, and the audit of every call. The commands themselves run on the control plane.
 */
export type CtlServiceContext = Pick<AppContext, 'controlPlane'>;

const AUDIT_OUTPUT_CHARS = 2000;
/** A cluster that is being created, paused or deleted has no running PD/TiKV/TiDB to talk to. */
const UNREACHABLE = [
  'USER_CLUSTER_STATUS_CREATING',
  'USER_CLUSTER_STATUS_PAUSED',
  'USER_CLUSTER_STATUS_DELETING',
  'USER_CLUSTER_STATUS_DELETED',
];

export function listCommands(ctx: CtlServiceContext): ListResult<CtlCommand> {
  const items = ctx.controlPlane.ctl.commands.map((c) => ({
    command: c.words.join(' '),
    usage: c.usage,
    description: c.description,
    mutates: c.mutates,
    args: c.args,
    example: c.example,
  }));
  return { items, total: items.length };
}

/** The allow-listed command the words start with (the longest match), and the rest as its input. */
export function matchCommand(
  commands: readonly CtlCommandSpec[],
  command: string,
  args: string[] = [],
): { def: CtlCommandSpec; input: CtlInput } | undefined {
  const tokens = [...tokenize(command), ...args];
  const last = tokens.length - 1;
  if (last >= 0 && tokens[last]!.endsWith(';')) tokens[last] = tokens[last]!.slice(0, -1);
  const { positionals, options } = splitOptions(tokens.filter((t) => t !== ''));
  const lower = positionals.map((p) => p.toLowerCase());
  const def = commands
    .filter((c) => c.words.every((w, i) => lower[i] === w))
    .sort((a, b) => b.words.length - a.words.length)[0];
  return def ? { def, input: { args: positionals.slice(def.words.length), options } } : undefined;
}

function normalized(def: CtlCommandSpec, input: CtlInput): string {
  const opts = Object.entries(input.options)
    .filter(([k]) => k !== 'u')
    .map(([k, v]) => `${k.length === 1 ? '-' : '--'}${k} ${/\s/.test(v) ? `'${v}'` : v}`);
  const args = input.args.map((a) => (/[\s%]/.test(a) || def.words[0] === 'show' ? `'${a}'` : a));
  if (def.words[0] === 'tikv-ctl')
    return [
      def.words[0],
      ...opts.filter((o) => o.startsWith('--host')),
      ...def.words.slice(1),
      ...opts.filter((o) => !o.startsWith('--host')),
      ...args,
    ].join(' ');
  if (def.words[0] === 'show' && input.args.length)
    return [...def.words, input.args[0]!.toLowerCase(), `'${input.args[1] ?? ''}'`].join(' ');
  return [...def.words, ...args, ...opts].join(' ');
}

function checkReachable(cluster: Cluster, components: { component: string }[], def: CtlCommandSpec): void {
  if (UNREACHABLE.includes(cluster.status)) {
    throw new AppError(
      'ctl.clusterUnavailable',
      `Cannot run commands against cluster ${cluster.name}: it is ${cluster.status.replace('USER_CLUSTER_STATUS_', '')}`,
    );
  }
  if (!components.some((c) => c.component === def.needs)) {
    throw new AppError(
      'ctl.clusterUnavailable',
      `${def.words[0]} needs ${def.needs}, which cluster ${cluster.name} (${cluster.cluster_type}) does not run`,
    );
  }
}

const truncate = (s: string) =>
  s.length > AUDIT_OUTPUT_CHARS
    ? `${s.slice(0, AUDIT_OUTPUT_CHARS)}… (${s.length - AUDIT_OUTPUT_CHARS} more characters)`
    : s;

/**
 * Runs one allow-listed command against a stored cluster. Every call that reaches a known cluster is audited (type
 * `ctl`, the cluster's id): a refused one in its own transaction, a run one in the transaction of its change.
 */
export async function runCtl(
  ctx: CtlServiceContext,
  db: Db,
  body: z.output<typeof ctlRunBody>,
  who: string,
): Promise<CtlRunResponse> {
  const cluster = await getCluster(db, body.cluster_id);
  const requested = [body.command, ...(body.args ?? [])].join(' ');
  const refuse = async (err: AppError, operation: string) => {
    await db.transaction((tx) =>
      writeAudit(tx, {
        type: 'ctl',
        instanceId: cluster.id,
        operator: who,
        operation,
        details: { command: requested, args: body.args ?? [], outcome: err.code, message: err.message },
      }),
    );
    throw err;
  };

  const match = matchCommand(ctx.controlPlane.ctl.commands, body.command, body.args);
  if (!match)
    return refuse(
      new AppError(
        'ctl.commandNotAllowed',
        `"${requested}" is not an allowed command; GET /api/v1/devops/cluster/ctl/commands lists them`,
      ),
      'not_allowed',
    );
  const { def, input } = match;
  const operation = def.words.join(' ');
  try {
    const unknown = Object.keys(input.options).find((o) => !(def.options ?? []).includes(o));
    if (unknown)
      throw new AppError(
        'ctl.invalidArgs',
        `unknown option ${unknown.length === 1 ? '-' : '--'}${unknown} for ${operation}; usage: ${def.usage}`,
      );
    const { items: components } = await listClusterComponents(db, cluster.id);
    checkReachable(cluster, components, def);
    const command = normalized(def, input);
    return await db.transaction(async (tx) => {
      const run = await ctx.controlPlane.ctl.prepare(tx, { cluster, components }, def, input, who);
      if (def.mutates)
        requireConfirmation(body.confirm, `"${command}" changes cluster ${cluster.name}: confirm to run it`, {
          subject: command,
          description: def.description,
        });
      const now = new Date();
      const result = await run();
      await writeAudit(tx, {
        type: 'ctl',
        instanceId: cluster.id,
        operator: who,
        operation,
        details: {
          command,
          args: body.args ?? [],
          mutates: def.mutates,
          outcome: 'ok',
          output: truncate(result.output),
          before: result.before,
          after: result.after,
        },
      });
      return {
        cluster_id: cluster.id,
        command,
        mutates: def.mutates,
        output: result.output,
        output_format: def.format,
        executed_at: now.toISOString(),
      };
    });
  } catch (err) {
    // Refusals are audited, the request for a confirmation among them.
    if (err instanceof AppError && (err.code.startsWith('ctl.') || err.code === 'confirmation.required'))
      return refuse(err, err.code === 'ctl.commandNotAllowed' ? 'not_allowed' : operation);
    throw err;
  }
}
