import { expectArgs, intArg, invalid, type CommandDef, type CtlContext, type CtlInput } from './command.js';
import { seeded, type Store } from './topology.js';

/** tikv-ctl in remote mode (`--host`): read-only views of one TiKV store. */

const HOST_USAGE = 'tikv-ctl --host <store_address> ';

/** The store `--host` names: its address as `pd-ctl store` prints it, or its store id. */
function hostStore(ctx: CtlContext, input: CtlInput): Store {
  const host = input.options.host;
  if (!host)
    invalid('--host is required: a TiKV store address as `pd-ctl store` lists it, e.g. db-tikv-0.db-tikv-peer…:20160');
  const store = ctx.topo.stores.find((s) => s.engine === 'tikv' && (s.address === host || String(s.id) === host));
  if (!store)
    invalid(
      `no TiKV store at ${host}; stores: ${ctx.topo.stores
        .filter((s) => s.engine === 'tikv')
        .map((s) => s.address)
        .join(', ')}`,
    );
  if (store.state !== 'Up') invalid(`store ${store.id} is ${store.state}: tikv-ctl cannot reach ${store.address}`);
  return store;
}

const bytes = (gib: number) => Math.round(gib * 1024 ** 3);

export const tikvCommands: CommandDef[] = [
  {
    words: ['tikv-ctl', 'metrics'],
    usage: `${HOST_USAGE}metrics`,
    description: 'Prints the main Prometheus metrics of a TiKV store: regions, leaders, engine size, capacity.',
    mutates: false,
    args: [{ name: '--host', description: 'The store address (or store id)', required: true }],
    example: 'tikv-ctl --host 1 metrics',
    format: 'text',
    options: ['host'],
    needs: 'TIKV',
    prepare: (ctx, input) => {
      expectArgs(input, 0, 'tikv-ctl metrics');
      const s = hostStore(ctx, input);
      const rand = seeded(`${ctx.cluster.id}:metrics:${s.id}`);
      return async () => ({
        output: [
          '# TYPE tikv_raftstore_region_count gauge',
          `tikv_raftstore_region_count{type="region"} ${s.regionCount}`,
          `tikv_raftstore_region_count{type="leader"} ${s.leaderCount}`,
          '# TYPE tikv_engine_size_bytes gauge',
          `tikv_engine_size_bytes{db="kv",type="default"} ${bytes(s.usedGib * 0.72)}`,
          `tikv_engine_size_bytes{db="kv",type="write"} ${bytes(s.usedGib * 0.26)}`,
          `tikv_engine_size_bytes{db="kv",type="lock"} ${bytes(s.usedGib * 0.0001)}`,
          '# TYPE tikv_store_size_bytes gauge',
          `tikv_store_size_bytes{type="capacity"} ${bytes(s.capacityGib)}`,
          `tikv_store_size_bytes{type="available"} ${bytes(s.capacityGib - s.usedGib)}`,
          '# TYPE tikv_scheduler_contex_total gauge',
          `tikv_scheduler_contex_total ${Math.floor(rand() * 40)}`,
          '# TYPE process_cpu_seconds_total counter',
          `process_cpu_seconds_total ${Math.floor(100_000 + rand() * 900_000)}`,
        ].join('\n'),
      });
    },
  },
  {
    words: ['tikv-ctl', 'region-properties'],
    usage: `${HOST_USAGE}region-properties -r <region_id>`,
    description: 'Prints the MVCC and SST properties of a region held by the store.',
    mutates: false,
    args: [
      { name: '--host', description: 'The store address (or store id)', required: true },
      { name: '-r', description: 'The region id, as `pd-ctl region` lists it', required: true },
    ],
    example: 'tikv-ctl --host 1 region-properties -r 1001',
    format: 'text',
    options: ['host', 'r'],
    needs: 'TIKV',
    prepare: (ctx, input) => {
      expectArgs(input, 0, 'tikv-ctl region-properties');
      const s = hostStore(ctx, input);
      const regionId = intArg(input.options.r, '-r', 1, Number.MAX_SAFE_INTEGER);
      const region = ctx.topo.regionById(regionId);
      if (!region) invalid(`region ${regionId} not found`);
      if (!region.storeIds.includes(s.id))
        invalid(
          `region ${regionId} has no peer on store ${s.id} (its peers are on stores ${region.storeIds.join(', ')})`,
        );
      const rand = seeded(`${ctx.cluster.id}:props:${regionId}`);
      const rows = region.keys;
      const puts = rows + Math.floor(rand() * 5000);
      const deletes = Math.floor(rand() * 2000);
      const minTs = (BigInt(ctx.now.getTime() - 86_400_000 * 30) << 18n) + BigInt(Math.floor(rand() * 1e5));
      const maxTs = (BigInt(ctx.now.getTime() - 60_000) << 18n) + BigInt(Math.floor(rand() * 1e5));
      const sst = Array.from(
        { length: 2 + Math.floor(rand() * 3) },
        (_, i) => `${String(400 + i * 8 + Math.floor(rand() * 7)).padStart(6, '0')}.sst`,
      );
      return async () => ({
        output: [
          `mvcc.min_ts: ${minTs}`,
          `mvcc.max_ts: ${maxTs}`,
          `mvcc.num_rows: ${rows}`,
          `mvcc.num_puts: ${puts}`,
          `mvcc.num_deletes: ${deletes}`,
          `mvcc.num_versions: ${puts + deletes}`,
          `mvcc.max_row_versions: ${1 + Math.floor(rand() * 4)}`,
          `num_entries: ${puts + deletes}`,
          `num_deletes: ${deletes}`,
          `num_files: ${sst.length}`,
          `sst_files: ${sst.join(', ')}`,
          `region.start_key: ${region.startKey.toLowerCase()}`,
          `region.end_key: ${region.endKey.toLowerCase()}`,
          `region.middle_key_by_approximate_size: ${region.startKey.toLowerCase()}80`,
        ].join('\n'),
      });
    },
  },
];
