// Checks the initial JS budget of the sign-in → overview path (≤ 250 KB gzip): the entry chunk,
// everything it imports statically, and the overview page chunk with its static imports.
// Run after `npm run build -w @portal/web`:  node apps/web/scripts/bundle-budget.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = html.match(/src="\/(assets\/index-[^"]+\.js)"/)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');

const seen = new Set();
function walk(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    walk(join(dirname(file), m[1]));
  }
}
walk(entry);
const overview = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('OverviewPage-') && f.endsWith('.js'));
if (!overview) throw new Error('no OverviewPage chunk');
walk(`assets/${overview}`);

let total = 0;
for (const file of seen) total += gzipSync(readFileSync(join(dist, file))).length;
const kb = total / 1024;
console.log(`initial JS (sign-in → overview): ${kb.toFixed(1)} KB gzip in ${seen.size} files; budget ${BUDGET_KB} KB`);
if (kb > BUDGET_KB) {
  console.error('over budget');
  process.exit(1);
}
