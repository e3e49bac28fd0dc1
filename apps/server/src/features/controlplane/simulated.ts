import type { ControlPlane, CtlCommandSpec, PdSetting } from '../../platform/control-plane.js';
import { AppError } from '../../platform/errors.js';
import type { CommandDef, CtlContext } from './ctl/command.js';
import { pdCommands } from './ctl/commands-pd.js';
import { sqlCommands } from './ctl/commands-sql.js';
import { tikvCommands } from './ctl/commands-tikv.js';
import { buildTopology } from './ctl/topology.js';
import { simulatedStepMs } from './durations.js';
import { getPdConfig, PD_KEYS, setPdConfigValue } from './pd-config.js';
import * as repo from './repo.js';

/** The commands the simulation runs: the allow-list. */
const COMMANDS: readonly CommandDef[] = [...pdCommands, ...tikvCommands, ...sqlCommands];
const byWords = new Map(COMMANDS.map((c) => [c.words.join(' '), c]));

/** What the commands list shows of a command (its spec without the simulation's `prepare`). */
function specOf({ prepare: _prepare, ...spec }: CommandDef): CtlCommandSpec {
  return spec;
}

export interface SimulatedControlPlaneOptions {
  /** Multiplies the modelled step durations: 1 in a running server, so progress is visible; 0 in tests. */
  stepTimeScale: number;
}

/**
 * The control plane as a deterministic model, the default of every build (see platform/control-plane.ts):
 * - operator work takes the modelled time of `SIMULATED_STEP_MS` (× the step time scale); its effects are the
 *   portal's records that the operations write;
 * - pd-ctl, tikv-ctl and SQL answer from a topology derived from the stored cluster (stores from the TiKV and
 *   TiFlash replicas, regions from the data size) and from modelled PD settings and schedulers kept in the database;
 * - the gitops repository is a table of desired values per cluster, branch and path, seeded with the demo data.
 */
export function simulatedControlPlane(options: SimulatedControlPlaneOptions): ControlPlane {
  const specs = COMMANDS.map(specOf);
  return {
    name: 'simulated',
    stepDuration: (type, step) => Math.round(simulatedStepMs(type, step) * options.stepTimeScale),
    ctl: {
      commands: specs,
      async prepare(db, { cluster, components }, command, input, who) {
        const def = byWords.get(command.words.join(' '));
        if (!def) throw new AppError('ctl.commandNotAllowed', `"${command.words.join(' ')}" is not an allowed command`);
        const [pdConfig, schedulers] = await Promise.all([
          getPdConfig(db, cluster.id),
          repo.selectSchedulers(db, cluster.id),
        ]);
        const evicted = new Set(schedulers.filter((s) => s.storeId).map((s) => Number(s.storeId)));
        const ctx: CtlContext = {
          tx: db,
          cluster,
          components,
          topo: buildTopology(cluster, components, evicted),
          pdConfig,
          schedulers,
          who,
          now: new Date(),
        };
        return def.prepare(ctx, input);
      },
    },
    pd: {
      async read(db, clusterId) {
        const values = await getPdConfig(db, clusterId);
        return Object.entries(values).map(([key, value]): PdSetting => ({
          key,
          section: PD_KEYS[key]!.section,
          value,
        }));
      },
      write: (db, clusterId, key, value, who) => setPdConfigValue(db, clusterId, key, value, who),
    },
    gitops: {
      desiredState: (db, clusterId, branch) => repo.selectDesired(db, clusterId, branch),
    },
  };
}
