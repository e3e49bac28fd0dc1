import type { z } from 'zod';
import type { Cluster, CtlCommand, ctlRunBody, CtlRunResponse, ListResult } from '@portal/contract';
import { writeAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { getCluster, listClusterComponents } from '../orgs/service.js';
import { splitOptions, tokenize, type CommandDef, type CtlContext, type CtlInput } from './command.js';
import { pdCommands } from './commands-pd.js';
import { sqlCommands } from './commands-sql.js';
import { tikvCommands } from './commands-tikv.js';
import { getPdConfig } from './pd-config.js';
import * as repo from './repo.js';
import { buildTopology } from './topology.js';

/** The PD configuration other features read and write (gitops applies desired values through these). */
export { getPdConfig, PD_KEYS, setPdConfigValue } from './pd-config.js';

/** The allow-list: nothing else runs. */
export const COMMANDS: CommandDef[] = [...pdCommands, ...tikvCommands, ...sqlCommands];
const AUDIT_OUTPUT_CHARS = 2000;
/** A cluster that is being created, paused or deleted has no running PD/TiKV/TiDB to talk to. */
const UNREACHABLE = [
  'USER_CLUSTER_STATUS_CREATING',
  'USER_CLUSTER_STATUS_PAUSED',
  'USER_CLUSTER_STATUS_DELETING',
  'USER_CLUSTER_STATUS_DELETED',
];

export function listCommands(): ListResult<CtlCommand> {
  const items = COMMANDS.map((c) => ({
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
export function matchCommand(command: string, args: string[] = []): { def: CommandDef; input: CtlInput } | undefined {
  const tokens = [...tokenize(command), ...args];
  const last = tokens.length - 1;
  if (last >= 0 && tokens[last]!.endsWith(';')) tokens[last] = tokens[last]!.slice(0, -1);
  const { positionals, options } = splitOptions(tokens.filter((t) => t !== ''));
  const lower = positionals.map((p) => p.toLowerCase());
  const def = COMMANDS.filter((c) => c.words.every((w, i) => lower[i] === w)).sort(
    (a, b) => b.words.length - a.words.length,
  )[0];
  return def ? { def, input: { args: positionals.slice(def.words.length), options } } : undefined;
}

function normalized(def: CommandDef, input: CtlInput): string {
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

function checkReachable(cluster: Cluster, components: { component: string }[], def: CommandDef): void {
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
export async function runCtl(db: Db, body: z.output<typeof ctlRunBody>, who: string): Promise<CtlRunResponse> {
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

  const match = matchCommand(body.command, body.args);
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
      const [pdConfig, schedulers] = await Promise.all([
        getPdConfig(tx, cluster.id),
        repo.selectSchedulers(tx, cluster.id),
      ]);
      const evicted = new Set(schedulers.filter((s) => s.storeId).map((s) => Number(s.storeId)));
      const now = new Date();
      const ctx: CtlContext = {
        tx,
        cluster,
        components,
        topo: buildTopology(cluster, components, evicted),
        pdConfig,
        schedulers,
        who,
        now,
      };
      const prepared = def.prepare(ctx, input);
      if (def.mutates && body.confirm !== true) {
        throw new AppError(
          'ctl.confirmationRequired',
          `"${command}" changes cluster ${cluster.name}: confirm to run it`,
          { command, description: def.description },
        );
      }
      const result = await prepared();
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
    if (err instanceof AppError && err.code.startsWith('ctl.'))
      return refuse(err, err.code === 'ctl.commandNotAllowed' ? 'not_allowed' : operation);
    throw err;
  }
}
