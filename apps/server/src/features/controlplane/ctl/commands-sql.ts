import { expectArgs, invalid, table, type CommandDef, type CtlContext } from './command.js';
import { PD_KEYS } from '../pd-config.js';
import { hash32, seeded } from './topology.js';

/** SQL statements run through a TiDB instance of the cluster. */

const QUERIES = [
  'SELECT id, status, total FROM orders WHERE customer_id = ? ORDER BY created_at DESC LIMIT 20',
  'INSERT INTO events (tenant_id, kind, payload, created_at) VALUES (?, ?, ?, NOW())',
  'UPDATE accounts SET balance = balance - ? WHERE id = ? AND balance >= ?',
  'SELECT COUNT(*) FROM sessions WHERE expires_at > NOW()',
  'ANALYZE TABLE inventory',
];

function processlist(ctx: CtlContext): (string | number | null)[][] {
  const rand = seeded(`${ctx.cluster.id}:processlist`);
  const db = ctx.cluster.name.split('-')[1]?.replace(/\d+/g, '') || 'app';
  const serverBase = (hash32(ctx.cluster.id) % 4000) + 1;
  const rows: (string | number | null)[][] = [];
  ctx.topo.tidbs.forEach((t, i) => {
    const base = (serverBase + i) * 4_194_304;
    if (i === 0) rows.push([base + 1, 'root', '10.0.128.17:51944', null, 'Query', 0, 'autocommit', 'show processlist']);
    const n = 1 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++) {
      const busy = rand() < 0.45;
      rows.push([
        base + 11 + k * 7,
        `app_${db}`,
        `10.0.${Math.floor(rand() * 64)}.${Math.floor(rand() * 250) + 2}:${40_000 + Math.floor(rand() * 20_000)}`,
        db,
        busy ? 'Query' : 'Sleep',
        busy ? Math.floor(rand() * 4) : Math.floor(rand() * 900),
        busy ? 'autocommit' : 'in transaction; autocommit',
        busy ? QUERIES[Math.floor(rand() * QUERIES.length)]! : null,
      ]);
    }
  });
  return rows;
}

/** `16C64G` → 64. */
const memoryGib = (spec: string | undefined) => Number(/C(\d+)G/i.exec(spec ?? '')?.[1] ?? 16);

function configRows(ctx: CtlContext): string[][] {
  const rows: string[][] = [];
  const tikv = ctx.components.find((c) => c.component === 'TIKV');
  for (const m of ctx.topo.pdMembers) {
    const addr = m.clientUrl.replace('http://', '');
    for (const [k, v] of Object.entries(ctx.pdConfig)) rows.push(['pd', addr, `${PD_KEYS[k]!.section}.${k}`, v]);
  }
  for (const s of ctx.topo.stores.filter((x) => x.engine === 'tikv')) {
    rows.push(['tikv', s.address, 'raftstore.region-split-size', '96MiB']);
    rows.push(['tikv', s.address, 'server.grpc-concurrency', '5']);
    rows.push([
      'tikv',
      s.address,
      'storage.block-cache.capacity',
      `${Math.round(memoryGib(tikv?.node_spec) * 0.45 * 10) / 10}GiB`,
    ]);
    rows.push(['tikv', s.address, 'storage.reserve-space', '5GiB']);
  }
  for (const t of ctx.topo.tidbs) {
    rows.push(['tidb', t.address, 'log.level', 'info']);
    rows.push(['tidb', t.address, 'performance.txn-total-size-limit', '104857600']);
    rows.push(['tidb', t.address, 'token-limit', '1000']);
  }
  return rows;
}

/** SQL LIKE (`%`, `_`, case-insensitive) as a RegExp. */
function likeRegExp(pattern: string): RegExp {
  const body = [...pattern]
    .map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 'i');
}

export const sqlCommands: CommandDef[] = [
  {
    words: ['show', 'processlist'],
    usage: 'show processlist',
    description: 'Lists the sessions connected to the TiDB instances and what they are running.',
    mutates: false,
    args: [],
    example: 'show processlist',
    format: 'table',
    needs: 'TIDB',
    prepare: (ctx, input) => {
      expectArgs(input, 0, 'show processlist');
      return async () => ({
        output: table(['Id', 'User', 'Host', 'db', 'Command', 'Time', 'State', 'Info'], processlist(ctx)),
      });
    },
  },
  {
    words: ['show', 'config'],
    usage: "show config [like '<pattern>']",
    description:
      'Shows the configuration of every PD, TiKV and TiDB instance, optionally only the names matching a LIKE pattern.',
    mutates: false,
    args: [{ name: 'like', description: "A LIKE pattern on the name, e.g. 'schedule.%'", required: false }],
    example: "show config like '%schedule-limit%'",
    format: 'table',
    needs: 'TIDB',
    prepare: (ctx, input) => {
      let rows = configRows(ctx);
      if (input.args.length) {
        if (input.args[0]!.toLowerCase() !== 'like' || input.args.length !== 2)
          invalid("usage: show config [like '<pattern>']");
        const re = likeRegExp(input.args[1]!);
        rows = rows.filter((r) => re.test(r[2]!));
      }
      return async () => ({ output: table(['Type', 'Instance', 'Name', 'Value'], rows) });
    },
  },
];
