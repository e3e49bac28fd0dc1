import path from 'node:path';
import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, runMigrations } from './platform/db.js';
import { SERVER_DIR } from './platform/server-dir.js';

function defaultWebDist(): string | undefined {
  const candidate = path.resolve(SERVER_DIR, '../web/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

/** Where people sign in: the built-in issuer (at any address the server is reached at, unless PUBLIC_URL pins one). */
function signInLine(config: Config): string {
  if (config.oidc.kind !== 'builtin') return `external issuer ${config.oidc.issuer}`;
  if (config.oidc.perOrigin) return `built-in issuer at <the address you open>/oidc, e.g. ${config.oidc.issuer}`;
  return `built-in issuer at ${config.oidc.issuer} (PUBLIC_URL)`;
}

/** Whether the embedded database's data dir is yet to be made (a first start). */
function freshDataDir(config: Config): boolean {
  const { database } = config;
  return database.kind === 'pglite' && !!database.dataDir && !fs.existsSync(path.join(database.dataDir, 'PG_VERSION'));
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  config = { ...config, webDist: config.webDist ?? defaultWebDist() };

  // Until the server listens, PGlite's WebAssembly promises can be all the start waits on, and they hold no handle of
  // Node's event loop. An empty loop makes Node wait for every background task before it goes on (DrainTasks), V8's
  // optimizing compiles of PostgreSQL's hot functions included: 0.1–0.3 s of a restart spent idle. A timer keeps the
  // loop alive until then, so the start goes on while they compile.
  const keepLoopAlive = setInterval(() => undefined, 60_000);
  // A fresh embedded database has no issuer key yet: it is made on the thread pool while the start goes on.
  if (config.oidc.kind === 'builtin' && freshDataDir(config))
    void import('./idp/keys.js').then((m) => m.pregenerateSigningKey());
  // The database opens (PGlite: its WebAssembly compiles off the main thread, PostgreSQL starts) while the app's
  // modules load, rather than after them.
  const opening = openDatabase(config);
  opening.catch(() => undefined); // awaited below; not an unhandled rejection while the imports run
  const [{ buildApp }, { seedIfEmpty, seedReferenceData, DEMO_ACCOUNTS }] = await Promise.all([
    import('./app.js'),
    import('./seed/demo.js'),
  ]);
  const database = await opening;
  await runMigrations(database, config);
  // The app first: the demo seed uses what its features provide (operation types, approval templates…). Its job
  // runner starts once the server listens (below).
  const { app, ctx } = await buildApp(config, database);
  const seeded = config.seed === 'demo' ? await seedIfEmpty(ctx) : false;
  if (!seeded) await database.db.transaction((tx) => seedReferenceData(tx));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Durable jobs run from here on. Started earlier (on ready), the backlog the demo seed leaves (its approvals'
  // notifications, a running remediation) held the one embedded connection while the start still needed it: the
  // cold start took a second longer.
  ctx.jobs.start();
  clearInterval(keepLoopAlive);
  const lines = [
    '',
    `Management Portal is running at ${config.publicUrl}`,
    `  database: ${config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.database.dataDir}`}${seeded ? ' — demo data seeded' : ''}`,
    `  sign-in:  ${signInLine(config)}`,
  ];
  if (config.oidc.kind === 'builtin' && config.seed === 'demo') {
    lines.push('  demo accounts:');
    for (const a of DEMO_ACCOUNTS)
      lines.push(`    ${a.email.padEnd(24)} password ${a.password}   roles: ${a.roles.join(', ')}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(`failed to start: ${(err as Error).message}`);
  process.exit(1);
});
