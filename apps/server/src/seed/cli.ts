import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, runMigrations } from '../platform/db.js';
import { seedDemoDatabase } from './demo.js';
import { seedScale } from './scale.js';

const USAGE = `Usage: npm run seed -- [--tenants N] [--clusters M] [--reset] [--chunk ROWS]

Seeds the database of DATA_DIR (embedded PGlite) or DATABASE_URL (PostgreSQL): migrates, seeds the demo accounts
and data if the database is empty, then bulk-generates N tenants (~4 projects each) and M clusters with their
components, deterministically. --reset truncates tenants, projects and clusters first (the demo ones are put back).
Defaults: --tenants 1000 --clusters 10000.`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tenants: { type: 'string' },
      clusters: { type: 'string' },
      chunk: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const tenants = positiveInt('tenants', values.tenants, 1000);
  const clusters = positiveInt('clusters', values.clusters, 10_000);
  const chunk = positiveInt('chunk', values.chunk, 100_000);
  if (tenants < 1) throw new ConfigError('--tenants must be at least 1');
  if (chunk < 1) throw new ConfigError('--chunk must be at least 1');

  const config = loadConfig();
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.database.dataDir}`;
  console.log(
    `seeding ${where}: ${tenants.toLocaleString('en-US')} tenants, ${clusters.toLocaleString('en-US')} clusters${values.reset ? ', after a reset' : ''}`,
  );

  const opened = performance.now();
  const database = await openDatabase(config);
  try {
    await runMigrations(database, config);
    const demo = await seedDemoDatabase(config, database);
    console.log(
      `  ${'open, migrate' + (demo ? ', demo seed' : '')}`.padEnd(36) +
        `${((performance.now() - opened) / 1000).toFixed(1).padStart(7)} s`,
    );
    const report = await seedScale(database, {
      tenants,
      clusters,
      chunk,
      reset: values.reset,
      log: (l) => console.log(l),
    });
    const c = report.counts;
    console.log(
      `done in ${((performance.now() - opened) / 1000).toFixed(1)} s (scale seed ${(report.totalMs / 1000).toFixed(1)} s). ` +
        `The database now holds ${c.tenants.toLocaleString('en-US')} tenants, ${c.projects.toLocaleString('en-US')} projects, ` +
        `${c.clusters.toLocaleString('en-US')} clusters, ${c.components.toLocaleString('en-US')} components.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `seed failed: ${(err as Error).stack ?? String(err)}`);
  process.exit(1);
});
