#!/usr/bin/env node
// Runs npm scripts side by side (`node scripts/parallel.mjs lint typecheck`): each one's output is printed whole when
// it ends, in the order given, and the exit code is the first failure's. `npm test` runs lint and typecheck this way:
// each mostly keeps one core busy, and CI's machines have two.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>...');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const chunks = [];
      const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
      child.on('close', (code, signal) =>
        resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks), ms: Date.now() - started }),
      );
    }),
);
let failed = 0;
for (const run of runs) {
  const { name, code, output, ms } = await run;
  process.stdout.write(`\n> ${name} (${(ms / 1000).toFixed(1)} s, exit ${code})\n`);
  process.stdout.write(output);
  if (code !== 0 && failed === 0) failed = code;
}
process.exit(failed);
