import type { Cluster, ClusterComponent } from '@portal/contract';
import type { CtlCommandSpec, CtlInput, CtlResult } from '../../../platform/control-plane.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import type { Topology } from './topology.js';

export type { CtlInput, CtlResult };

/**
 * What a simulated command sees: the cluster, its derived topology and modelled PD state, and the transaction to
 * change that state in.
 */
export interface CtlContext {
  tx: Db;
  cluster: Cluster;
  components: ClusterComponent[];
  topo: Topology;
  pdConfig: Record<string, string>;
  schedulers: { name: string; storeId: string | null }[];
  who: string;
  now: Date;
}

/** A validated invocation, ready to run (mutating ones only after the secondary confirmation). */
export type Prepared = () => Promise<CtlResult>;

/** An allow-listed command and how the simulation runs it. */
export interface CommandDef extends CtlCommandSpec {
  /** Validates the input against the cluster (throws `ctl.invalidArgs`) and returns the work to do. */
  prepare(ctx: CtlContext, input: CtlInput): Prepared;
}

export function invalid(message: string): never {
  throw new AppError('ctl.invalidArgs', message);
}

export const json = (v: unknown) => JSON.stringify(v, null, 2);

/** A positive integer argument, or `ctl.invalidArgs`. */
export function intArg(raw: string | undefined, name: string, min: number, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    invalid(`${name} should be an integer between ${min} and ${max}`);
  return Number(raw);
}

/** Refuses a command line outside the allow-list (e.g. `pd-ctl store delete 1` is not `pd-ctl store`). */
export function notAllowed(line: string): never {
  throw new AppError(
    'ctl.commandNotAllowed',
    `"${line}" is not an allowed command; GET /api/v1/devops/cluster/ctl/commands lists them`,
  );
}

/** More positional words than the command takes make another (sub)command: not allowed. */
export function expectArgs(input: CtlInput, max: number, words: string): void {
  if (input.args.length > max) notAllowed(`${words} ${input.args.join(' ')}`);
}

/** Renders rows as the MySQL client prints a result set. */
export function table(columns: string[], rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => (v === null ? 'NULL' : String(v));
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => cell(r[i] ?? null).length)));
  const line = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const row = (vals: string[]) => `| ${vals.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  const body = rows.map((r) => row(r.map((v) => cell(v))));
  return [line, row(columns), line, ...body, line, `${rows.length} row${rows.length === 1 ? '' : 's'} in set`].join(
    '\n',
  );
}
