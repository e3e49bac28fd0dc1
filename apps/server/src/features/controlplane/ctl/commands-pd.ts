import { expectArgs, intArg, invalid, json, notAllowed, type CommandDef, type CtlContext } from './command.js';
import { normalizePdValue, PD_KEYS, pdConfigJson, setPdConfigValue, SETTABLE_PD_KEYS } from '../pd-config.js';
import * as repo from '../repo.js';
import type { Store } from './topology.js';

/** pd-ctl: the read-only views an on-call engineer starts with, and the few scheduling knobs they turn. */

const DEFAULT_SCHEDULERS = [
  'balance-hot-region-scheduler',
  'balance-leader-scheduler',
  'balance-region-scheduler',
  'evict-slow-store-scheduler',
];
const gib = (n: number) => `${Math.round(n * 10) / 10}GiB`;
const pdOption = ['u'];

function storeJson(s: Store) {
  return {
    store: {
      id: s.id,
      address: s.address,
      labels: [
        { key: 'zone', value: s.zone },
        ...(s.engine === 'tiflash' ? [{ key: 'engine', value: 'tiflash' }] : []),
      ],
      version: s.version,
      status_address: s.statusAddress,
      state_name: s.state,
    },
    status: {
      capacity: gib(s.capacityGib),
      available: gib(s.capacityGib - s.usedGib),
      used_size: gib(s.usedGib),
      leader_count: s.leaderCount,
      leader_weight: 1,
      region_count: s.regionCount,
      region_weight: 1,
    },
  };
}

const storeArg = (ctx: CtlContext, raw: string | undefined, name = 'store id'): Store => {
  const id = intArg(raw, name, 1, 1_000_000);
  const store = ctx.topo.stores.find((s) => s.id === id);
  if (!store) invalid(`store ${id} not found; stores: ${ctx.topo.stores.map((s) => s.id).join(', ')}`);
  return store;
};

export const pdCommands: CommandDef[] = [
  {
    words: ['pd-ctl', 'store'],
    usage: 'pd-ctl store [<store_id>]',
    description: 'Lists the TiKV and TiFlash stores with their state, capacity, leader and region counts.',
    mutates: false,
    args: [{ name: 'store_id', description: 'Show only this store', required: false }],
    example: 'pd-ctl store',
    format: 'json',
    options: pdOption,
    needs: 'PD',
    prepare: (ctx, input) => {
      expectArgs(input, 1, 'pd-ctl store');
      if (input.args[0] !== undefined && !/^\d+$/.test(input.args[0]))
        notAllowed(`pd-ctl store ${input.args.join(' ')}`);
      const one = input.args[0] === undefined ? undefined : storeArg(ctx, input.args[0]);
      return async () => ({
        output: json(one ? storeJson(one) : { count: ctx.topo.stores.length, stores: ctx.topo.stores.map(storeJson) }),
      });
    },
  },
  {
    words: ['pd-ctl', 'region'],
    usage: 'pd-ctl region [--limit <n>]',
    description: 'Lists regions with their peers, leader, size and key count (default 16, at most 100).',
    mutates: false,
    args: [{ name: '--limit', description: 'How many regions, 1 to 100', required: false }],
    example: 'pd-ctl region --limit 5',
    format: 'json',
    options: [...pdOption, 'limit'],
    needs: 'PD',
    prepare: (ctx, input) => {
      expectArgs(input, 0, 'pd-ctl region');
      const limit = input.options.limit === undefined ? 16 : intArg(input.options.limit, '--limit', 1, 100);
      if (!ctx.topo.stores.some((s) => s.engine === 'tikv')) invalid('the cluster has no TiKV store');
      const regions = Array.from({ length: Math.min(limit, ctx.topo.regionCount) }, (_, i) => ctx.topo.region(i));
      const peerId = (regionId: number, k: number) => regionId + k + 1;
      return async () => ({
        output: json({
          count: regions.length,
          regions: regions.map((r) => ({
            id: r.id,
            start_key: r.startKey,
            end_key: r.endKey,
            epoch: { conf_ver: r.confVer, version: r.version },
            peers: r.storeIds.map((storeId, k) => ({ id: peerId(r.id, k), store_id: storeId, role_name: 'Voter' })),
            leader: {
              id: peerId(r.id, r.storeIds.indexOf(r.leaderStoreId)),
              store_id: r.leaderStoreId,
              role_name: 'Voter',
            },
            approximate_size: r.sizeMib,
            approximate_keys: r.keys,
          })),
        }),
      });
    },
  },
  {
    words: ['pd-ctl', 'member'],
    usage: 'pd-ctl member',
    description: 'Lists the PD members and which one leads.',
    mutates: false,
    args: [],
    example: 'pd-ctl member',
    format: 'json',
    options: pdOption,
    needs: 'PD',
    prepare: (ctx, input) => {
      expectArgs(input, 0, 'pd-ctl member');
      const version = ctx.components.find((c) => c.component === 'PD')?.version ?? ctx.cluster.version;
      const members = ctx.topo.pdMembers.map((m) => ({
        name: m.name,
        member_id: m.memberId,
        peer_urls: [m.peerUrl],
        client_urls: [m.clientUrl],
        binary_version: version,
      }));
      const leader = members[ctx.topo.pdLeader];
      return async () => ({
        output: json({ header: { cluster_id: ctx.cluster.id }, members, leader, etcd_leader: leader }),
      });
    },
  },
  {
    words: ['pd-ctl', 'health'],
    usage: 'pd-ctl health',
    description: 'Shows whether each PD member is healthy.',
    mutates: false,
    args: [],
    example: 'pd-ctl health',
    format: 'json',
    options: pdOption,
    needs: 'PD',
    prepare: (ctx, input) => {
      expectArgs(input, 0, 'pd-ctl health');
      return async () => ({
        output: json(
          ctx.topo.pdMembers.map((m) => ({
            name: m.name,
            member_id: m.memberId,
            client_urls: [m.clientUrl],
            health: true,
          })),
        ),
      });
    },
  },
  {
    words: ['pd-ctl', 'config', 'show'],
    usage: 'pd-ctl config show [replication|schedule]',
    description: 'Shows the PD replication and scheduling configuration.',
    mutates: false,
    args: [{ name: 'section', description: 'replication or schedule (default: both)', required: false }],
    example: 'pd-ctl config show',
    format: 'json',
    options: pdOption,
    needs: 'PD',
    prepare: (ctx, input) => {
      expectArgs(input, 1, 'pd-ctl config show');
      const section = input.args[0] === 'all' ? undefined : input.args[0];
      if (section !== undefined && section !== 'replication' && section !== 'schedule')
        notAllowed(`pd-ctl config show ${section}`);
      return async () => ({ output: json(pdConfigJson(ctx.pdConfig, section)) });
    },
  },
  {
    words: ['pd-ctl', 'scheduler', 'show'],
    usage: 'pd-ctl scheduler show',
    description: 'Lists the running schedulers.',
    mutates: false,
    args: [],
    example: 'pd-ctl scheduler show',
    format: 'json',
    options: pdOption,
    needs: 'PD',
    prepare: (ctx, input) => {
      expectArgs(input, 0, 'pd-ctl scheduler show');
      return async () => ({ output: json([...DEFAULT_SCHEDULERS, ...ctx.schedulers.map((s) => s.name)]) });
    },
  },
  {
    words: ['pd-ctl', 'config', 'set'],
    usage: 'pd-ctl config set <key> <value>',
    description: `Changes a PD scheduling setting. Keys: ${SETTABLE_PD_KEYS.join(', ')}.`,
    mutates: true,
    args: [
      { name: 'key', description: 'The setting, e.g. leader-schedule-limit', required: true },
      { name: 'value', description: 'Its new value', required: true },
    ],
    example: 'pd-ctl config set leader-schedule-limit 8',
    format: 'text',
    options: pdOption,
    needs: 'PD',
    prepare: (ctx, input) => {
      const [key, raw] = input.args;
      if (key === undefined || raw === undefined) invalid('usage: pd-ctl config set <key> <value>');
      expectArgs(input, 2, 'pd-ctl config set');
      if (!PD_KEYS[key]) invalid(`unknown config key "${key}"; settable keys: ${SETTABLE_PD_KEYS.join(', ')}`);
      const normalized = normalizePdValue(key, raw);
      if ('error' in normalized) invalid(normalized.error);
      return async () => {
        await repo.lockCluster(ctx.tx, ctx.cluster.id);
        const before = await setPdConfigValue(ctx.tx, ctx.cluster.id, key, normalized.value, ctx.who);
        return { output: 'Success!', before: { [key]: before }, after: { [key]: normalized.value } };
      };
    },
  },
  {
    words: ['pd-ctl', 'scheduler', 'add', 'evict-leader-scheduler'],
    usage: 'pd-ctl scheduler add evict-leader-scheduler <store_id>',
    description: 'Moves every leader off a TiKV store (before maintenance on it) and keeps them off until removed.',
    mutates: true,
    args: [{ name: 'store_id', description: 'The TiKV store to evict leaders from', required: true }],
    example: 'pd-ctl scheduler add evict-leader-scheduler 1',
    format: 'text',
    options: pdOption,
    needs: 'PD',
    prepare: (ctx, input) => {
      expectArgs(input, 1, 'pd-ctl scheduler add evict-leader-scheduler');
      const store = storeArg(ctx, input.args[0]);
      if (store.engine !== 'tikv') invalid(`store ${store.id} is a TiFlash store: it holds no leaders`);
      const name = `evict-leader-scheduler-${store.id}`;
      if (ctx.schedulers.some((s) => s.name === name)) invalid(`scheduler ${name} already exists`);
      return async () => {
        await repo.lockCluster(ctx.tx, ctx.cluster.id);
        if (!(await repo.insertScheduler(ctx.tx, ctx.cluster.id, name, String(store.id), ctx.who)))
          invalid(`scheduler ${name} already exists`);
        return {
          output: 'Success!',
          before: { schedulers: ctx.schedulers.map((s) => s.name) },
          after: { schedulers: [...ctx.schedulers.map((s) => s.name), name] },
        };
      };
    },
  },
  {
    words: ['pd-ctl', 'scheduler', 'remove'],
    usage: 'pd-ctl scheduler remove <scheduler_name>',
    description: 'Removes a scheduler added earlier, e.g. evict-leader-scheduler-1 (leaders flow back).',
    mutates: true,
    args: [{ name: 'scheduler_name', description: 'As `scheduler show` lists it', required: true }],
    example: 'pd-ctl scheduler remove evict-leader-scheduler-1',
    format: 'text',
    options: pdOption,
    needs: 'PD',
    prepare: (ctx, input) => {
      const [name] = input.args;
      if (name === undefined) invalid('usage: pd-ctl scheduler remove <scheduler_name>');
      expectArgs(input, 1, 'pd-ctl scheduler remove');
      if (DEFAULT_SCHEDULERS.includes(name)) invalid(`${name} is a default scheduler and stays on`);
      if (!ctx.schedulers.some((s) => s.name === name)) invalid(`scheduler ${name} not found`);
      return async () => {
        await repo.lockCluster(ctx.tx, ctx.cluster.id);
        if (!(await repo.deleteScheduler(ctx.tx, ctx.cluster.id, name))) invalid(`scheduler ${name} not found`);
        const before = ctx.schedulers.map((s) => s.name);
        return {
          output: 'Success!',
          before: { schedulers: before },
          after: { schedulers: before.filter((n) => n !== name) },
        };
      };
    },
  },
];
