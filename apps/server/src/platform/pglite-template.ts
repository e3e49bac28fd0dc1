import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { SERVER_DIR } from './server-dir.js';

/**
 * A fresh embedded database starts as a copy of a template data directory made once, at build time, instead of
 * running PGlite's initdb: initdb boots a second PGlite (WebAssembly PostgreSQL) and runs the bootstrap and every
 * system catalogue script in it, ~3 s on 2 vCPU and 150 MB more of memory, to produce the same files every time.
 * The copy takes ~0.1 s. The template also holds the committed migrations, applied at build time (another ~0.6 s
 * of every first start); the demo seed still runs at the first start, its dates being relative to that day.
 *
 * It lives beside the build (`apps/server/dist/pglite-initdb/`, made by `npm run build -w @portal/server`) and is used
 * only when its key matches the installed PGlite (the files are tied to its PostgreSQL build); otherwise, or when it
 * is missing (the dev server, tests), PGlite runs initdb itself.
 *
 * A second template, `dist/pglite-demo/`, also holds the static part of the demo seed (seed/demo.ts: what is fixed to
 * the demo's own calendar, ~2/3 of the seed's time); a fresh database of `SEED=demo` starts from it and seeds only the
 * part relative to the clock. Made from the bundle, it is keyed by the bundle's files too, and used only by the
 * bundle (not by the sources run with tsx, whose code may differ).
 */
export const PGLITE_TEMPLATE_DIR = path.join(SERVER_DIR, 'dist/pglite-initdb');
export const PGLITE_DEMO_TEMPLATE_DIR = path.join(SERVER_DIR, 'dist/pglite-demo');
/** Written last, inside the template: what it was made with. */
const KEY_FILE = 'portal-template.json';

function installedPgliteVersion(): string {
  // The package's exports map does not list package.json; its entry point sits in `<package>/dist/`.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A fingerprint of files under `dir` (their paths from it and their bytes). */
function filesFingerprint(dir: string, files: readonly string[]): string {
  const hash = crypto.createHash('sha256');
  for (const f of files)
    hash
      .update(f)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, f)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The committed migrations' fingerprint: a template made before a migration changed is not used. */
function migrationsFingerprint(): string {
  const dir = path.join(SERVER_DIR, 'migrations');
  const files = (sub: string): string[] =>
    fs
      .readdirSync(path.join(dir, sub), { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(sub, e.name)) : [path.join(sub, e.name)]))
      .sort();
  return filesFingerprint(dir, files(''));
}

function templateKey(): string {
  return JSON.stringify({ pglite: installedPgliteVersion(), initdb: 'default', migrations: migrationsFingerprint() });
}

const BUNDLE_DIR = path.join(SERVER_DIR, 'dist');

/** Whether this code runs from the bundle (`dist/`), not from the sources. */
export const runningFromBundle = (): boolean => fileURLToPath(import.meta.url).startsWith(BUNDLE_DIR + path.sep);

/** The bundle's fingerprint (its JavaScript files): the demo template was seeded by this very code. */
const bundleFingerprint = (): string =>
  filesFingerprint(
    BUNDLE_DIR,
    fs
      .readdirSync(BUNDLE_DIR)
      .filter((n) => n.endsWith('.js'))
      .sort(),
  );

/** The demo template's key: the plain template's and the bundle's that seeded it. */
export function demoTemplateKey(): string {
  return JSON.stringify({ ...(JSON.parse(templateKey()) as object), demo: 'static', bundle: bundleFingerprint() });
}

function readKey(dir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, KEY_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Makes the template (build time); nothing to do when one with the current key exists. Returns whether it made one.
 * `prepare` runs on the new database before it is closed (the build applies the migrations there).
 */
export async function buildPgliteTemplate(
  dir = PGLITE_TEMPLATE_DIR,
  prepare?: (pg: PGlite) => Promise<void>,
  extensions?: PGliteOptions['extensions'],
  key = templateKey(),
): Promise<boolean> {
  if (readKey(dir) === key) return false;
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  // initdb into the directory, then a clean shutdown (checkpoint): what a fresh data dir holds after its first open.
  const pg = await PGlite.create({ dataDir: tmp, extensions });
  await prepare?.(pg);
  await pg.close();
  fs.writeFileSync(path.join(tmp, KEY_FILE), key);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  return true;
}

/**
 * When `dataDir` holds no database yet (missing or empty) and a matching template exists, fills it with a copy of the
 * template; returns whether it did. The copy goes to a sibling directory renamed into place, so a start killed
 * half-way leaves no partial database behind.
 */
export function initFromTemplate(
  dataDir: string,
  templateDir = PGLITE_TEMPLATE_DIR,
  key: () => string = templateKey,
): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    entries = [];
  }
  if (entries.length > 0) return false;
  const found = readKey(templateDir);
  if (found === undefined || found !== key()) return false;
  const base = dataDir.replace(/[\\/]+$/, '');
  const tmp = `${base}.init-${process.pid}`;
  fs.mkdirSync(path.dirname(tmp), { recursive: true });
  // A copy a killed start left behind (its name carries that process's id).
  const prefix = `${path.basename(base)}.init-`;
  for (const name of fs.readdirSync(path.dirname(tmp))) {
    if (name.startsWith(prefix)) fs.rmSync(path.join(path.dirname(tmp), name), { recursive: true, force: true });
  }
  fs.cpSync(templateDir, tmp, { recursive: true, filter: (src) => path.basename(src) !== KEY_FILE });
  // rename(2) replaces an empty directory (mkdtemp's, or one made for the purpose) atomically.
  fs.renameSync(tmp, dataDir);
  return true;
}
