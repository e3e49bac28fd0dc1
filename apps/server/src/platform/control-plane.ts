import type { Cluster, ClusterComponent } from '@portal/contract';
import type { Db } from './db.js';

/*
 * The control plane: what the portal asks of the systems that run the clusters — the Kubernetes operator that rolls,
 * restarts and upgrades them, the cluster's own tools (pd-ctl, tikv-ctl, SQL) and the gitops repository that holds
 * each cluster's desired state. The portal decides and records (who may, in which status, after which confirmation,
 * with its audit row); the control plane does the work and tells what it saw.
 *
 * One implementation ships: `simulatedControlPlane` (features/controlplane), a deterministic model that keeps the
 * modelled cluster state (PD settings and schedulers, the gitops branches) in the portal's own database and paces
 * operation steps by modelled durations. A real deployment passes another implementation of this interface to
 * `buildApp` (`BuildOptions.controlPlane`): one that calls the operator, runs the tools in the cluster and reads the
 * git host. Features reach it only as `ctx.controlPlane`.
 *
 * Methods taking `db` get the caller's transaction: the simulation reads and writes its state there, so a change
 * commits together with the portal's record of it. A real implementation does not need it.
 */
export interface ControlPlane {
  /** For logs: `simulated`, or the real implementation's name. */
  readonly name: string;
  /**
   * Operator work: how long (ms) one step of an operation takes before its effect is recorded; the operations engine
   * waits that long after the step starts. The simulation models it (scaled by the step time scale: 0 in tests). A
   * real implementation returns how long to wait before asking the operator whether the step is done.
   */
  stepDuration(operationType: string, step: string): number;
  /** The allow-listed tools of a cluster (spec §2 cluster control). */
  readonly ctl: CtlTools;
  /** A cluster's PD settings (read by gitops diff, written by gitops apply). */
  readonly pd: PdSettings;
  /** The gitops repository: each cluster's desired state per branch (spec §2 gitops). */
  readonly gitops: GitopsRepository;
}

// ---- cluster control ----------------------------------------------------------------------------------------------

/** One command of the allow-list: what the commands list shows, and what the portal's rules need. */
export interface CtlCommandSpec {
  /** The command words, e.g. `pd-ctl config set`. */
  words: string[];
  usage: string;
  description: string;
  /** Changes the cluster: runs only after a secondary confirmation. */
  mutates: boolean;
  args: { name: string; description: string; required: boolean }[];
  example: string;
  format: 'json' | 'table' | 'text';
  /** Option names it accepts (without dashes). */
  options?: string[];
  /** The component it talks to: the cluster must run it. */
  needs: 'PD' | 'TIKV' | 'TIDB';
}

export interface CtlInput {
  /** Positional arguments after the command words. */
  args: string[];
  /** `--name value`, `--name=value` or `-n value`, by name without dashes. */
  options: Record<string, string>;
}

/** The cluster a command runs against, as the portal records it. */
export interface CtlTarget {
  cluster: Cluster;
  components: ClusterComponent[];
}

export interface CtlResult {
  /** What the tool printed. */
  output: string;
  /** For the audit row of a mutating command: the state it changed, before and after. */
  before?: unknown;
  after?: unknown;
}

export interface CtlTools {
  /** The commands it can run: the allow-list. Nothing else reaches it. */
  readonly commands: readonly CtlCommandSpec[];
  /**
   * Checks a command's input against the cluster (throws `ctl.invalidArgs` or `ctl.commandNotAllowed`) and returns
   * the run. The portal calls the run — after the secondary confirmation, for a mutating command — in the
   * transaction that audits it.
   */
  prepare(
    db: Db,
    target: CtlTarget,
    command: CtlCommandSpec,
    input: CtlInput,
    who: string,
  ): Promise<() => Promise<CtlResult>>;
}

// ---- PD settings --------------------------------------------------------------------------------------------------

export interface PdSetting {
  key: string;
  section: 'schedule' | 'replication';
  /** As pd-ctl prints it. */
  value: string;
}

export interface PdSettings {
  /** Every PD setting the portal knows of, with the cluster's value. */
  read(db: Db, clusterId: string): Promise<PdSetting[]>;
  /** Sets one setting (PD reloads it online); returns the value before. */
  write(db: Db, clusterId: string, key: string, value: string, who: string): Promise<string>;
}

// ---- gitops repository --------------------------------------------------------------------------------------------

/** One path of a cluster's desired state, with the commit that last set it. */
export interface DesiredValue {
  /** e.g. `components.TIDB.image_tag`, `pd.schedule.leader-schedule-limit`. */
  path: string;
  value: string;
  revision: string;
  author: string;
  message: string;
  updatedAt: Date;
}

export interface GitopsRepository {
  /** A cluster's desired state on a branch, by path; empty when the branch does not track the cluster. */
  desiredState(db: Db, clusterId: string, branch: string): Promise<DesiredValue[]>;
}
