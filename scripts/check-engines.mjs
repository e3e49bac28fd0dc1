// `npm run lint`: the README's Node requirement, the root `engines.node`, every installed package's `engines.node` and
// what the server's dependencies say at start-up must agree. Fails when
// - the README's "Node.js ≥ X" is not the minimum of the root `engines.node`,
// - an installed package (any depth, dev or not) declares an `engines.node` that excludes that minimum (what `npm ci`
//   reports as EBADENGINE), or
// - importing one of the server's runtime dependencies writes anything to stderr (oidc-provider 9, for instance, warns
//   "Unsupported runtime" on Node 20 without declaring `engines`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const rootPkg = readJson(path.join(root, 'package.json'));
const problems = [];

const declared = rootPkg.engines?.node;
const minimum = declared && semver.minVersion(declared)?.version;
if (!minimum) problems.push(`package.json: engines.node ${JSON.stringify(declared)} has no minimum version`);

const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const stated = /Node\.js ≥ (\d+(?:\.\d+){0,2})/.exec(readme)?.[1];
if (!stated) problems.push('README.md: no "Node.js ≥ <version>" requirement found');
else if (minimum && semver.coerce(stated)?.version !== minimum) {
  problems.push(`README.md says Node.js ≥ ${stated}, package.json engines.node is ${declared} (minimum ${minimum})`);
}

/** Every installed package directory under `dir`'s node_modules, nested ones included; workspace links skipped. */
function* installed(dir) {
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) return;
  for (const entry of fs.readdirSync(modules, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const dirs = entry.name.startsWith('@')
      ? fs.readdirSync(path.join(modules, entry.name), { withFileTypes: true }).map((e) => [entry.name, e])
      : [[undefined, entry]];
    for (const [scope, e] of dirs) {
      if (!e.isDirectory() || e.isSymbolicLink()) continue;
      const pkgDir = path.join(modules, scope ?? '', e.name);
      if (fs.existsSync(path.join(pkgDir, 'package.json'))) yield pkgDir;
      yield* installed(pkgDir);
    }
  }
}

if (minimum) {
  const workspaces = [root, ...rootPkg.workspaces.map((w) => path.join(root, w))];
  let count = 0;
  for (const ws of workspaces) {
    for (const pkgDir of installed(ws)) {
      count++;
      const pkg = readJson(path.join(pkgDir, 'package.json'));
      const range = pkg.engines && typeof pkg.engines === 'object' && !Array.isArray(pkg.engines) && pkg.engines.node;
      if (typeof range !== 'string' || semver.satisfies(minimum, range)) continue;
      const where = path.relative(root, pkgDir);
      problems.push(`${pkg.name}@${pkg.version} (${where}) requires node ${range}, which excludes ${minimum}`);
    }
  }
  if (count === 0) problems.push('no installed packages found: run npm ci first');
}

// Import each runtime dependency of the server in a fresh process: none may complain about the runtime.
const serverDir = path.join(root, 'apps/server');
const serverDeps = Object.keys(readJson(path.join(serverDir, 'package.json')).dependencies ?? {}).filter(
  (name) => !name.startsWith('@portal/'),
);
for (const name of serverDeps) {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(name)});`], {
    cwd: serverDir,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0' },
  });
  const said = `${run.stderr}`.trim();
  if (run.status !== 0 || said)
    problems.push(`importing ${name} on Node ${process.version}: ${said || `exit ${run.status}`}`);
}

if (problems.length) {
  console.error(`check-engines: the Node requirement (README, engines ${declared}) and the dependencies disagree:`);
  for (const p of problems) console.error(`  - ${p}`);
  console.error(
    'Choose versions that support the stated minimum (an `overrides` entry within the dependent range if needed).',
  );
  process.exit(1);
}
console.log(
  `check-engines: Node ${minimum} is supported by every installed package; ${serverDeps.length} server deps import quietly.`,
);
