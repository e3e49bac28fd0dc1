// `npm run build -w @portal/server`, after `tsc -b` has type-checked: the server as one bundle, `dist/main.js` and the
// chunks it imports lazily (all in `dist/`), then the PGlite initdb template (`dist/pglite-initdb/`).
// `node build.mjs <dir>` (a directory of apps/server, at any depth) writes the bundle alone there (the bundle's test).
//
// Why a bundle: a restart spent ~0.35 s of its ~0.85 s resolving, reading and compiling ~640 modules one by one
// (decision 0009). Left out, loaded from node_modules as before:
// - @electric-sql/pglite: loads its WebAssembly, data and extension files relative to its own module;
// - oidc-provider, jose, pg: imported on first use (the built-in issuer's first request, the first token, DATABASE_URL)
//   and they stay so: a dynamic import() of the app stays one, to a chunk, and an external one to the package;
// - isomorphic-git and diff: likewise, on the embedded code host's first use of its git repository (releases);
// - nodemailer: likewise, on the first email sent through SMTP_URL (notification workflows);
// - jsdom and dompurify: likewise, on the first MSP logo upload (partners; jsdom reads files next to itself);
// - what Fastify requires only on demand (ON_DEMAND below).
// Bundled CommonJS files that find files next to themselves (`__dirname`: @fastify/swagger-ui's `static/`) are given
// their original location, so they still read them from node_modules.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outArg = process.argv[2];
const out = path.resolve(here, outArg ?? 'dist');
const KEEP = new Set(['pglite-initdb', 'pglite-demo']); // the templates: remade only when their key changes

const EXTERNAL = [
  '@electric-sql/pglite',
  'oidc-provider',
  'jose',
  'pg',
  'isomorphic-git',
  'diff',
  'nodemailer',
  'jsdom',
  'dompurify',
];

/**
 * Packages Fastify requires only on demand, never at a start of this server: its JSON-schema compilers (Ajv,
 * fast-json-stringify; every route here has Zod's, app.ts) and `inject()`'s light-my-request (tests). Kept out of the
 * bundle, they cost nothing to parse at start (~1.1 MB of its 3 MB); if ever asked for, each loads from the very file
 * in node_modules the requiring package would have loaded (nested copies included), by its path from the bundle.
 */
const ON_DEMAND = [
  'ajv',
  'ajv-formats',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'fast-json-stringify',
  'light-my-request',
];

const posix = (p) => p.split(path.sep).join('/');
/** A file's path from the bundle's directory (every output file is there: see chunkNames). */
const fromBundle = (file) => posix(path.relative(out, file));

const onDemand = {
  name: 'on-demand',
  setup(build) {
    const names = ON_DEMAND.map((n) => n.replace(/[/.]/g, '\\$&')).join('|');
    build.onResolve({ filter: new RegExp(`^(${names})(/.*)?$`) }, async (args) => {
      if (args.pluginData === 'on-demand') return undefined;
      const found = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'on-demand',
      });
      if (found.errors.length) return { errors: found.errors };
      return { path: fromBundle(found.path), external: true };
    });
  },
};

/** `__dirname` and `__filename` of a bundled CommonJS file: where it was, from the bundle's directory. */
const fileRelative = {
  name: 'file-relative',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
      // ESM (import.meta) or a file that defines them itself: left alone.
      if (/\bimport\.meta\b|\b(const|let|var|function)\s+__(dirname|filename)\b/.test(source)) return undefined;
      const at = (p) => `__bundlePath(${JSON.stringify(fromBundle(p))})`;
      // On the first line, so the source map's lines stay right.
      const prefix = `var __filename = ${at(args.path)}, __dirname = ${at(path.dirname(args.path))}; `;
      return { contents: prefix + source, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

const started = Date.now();
fs.mkdirSync(out, { recursive: true });
for (const name of fs.readdirSync(out)) {
  if (!KEEP.has(name)) fs.rmSync(path.join(out, name), { recursive: true, force: true });
}
const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts', 'src/build-pglite-template.ts'],
  outdir: out,
  chunkNames: '[name]-[hash]', // beside main.js, so that paths from the bundle hold in every file
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  // The CommonJS packages in the bundle (Fastify, pino…) call require() for Node's modules and the ON_DEMAND ones.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __bundlePath = (p) => __fileURLToPath(new URL(p, import.meta.url));',
    ].join('\n'),
  },
  plugins: [fileRelative, onDemand],
  // Without the indentation and newlines, V8 parses the bundle in about half the time (names are kept: stack traces
  // and Fastify's plugin names read as before; positions map back through the source maps).
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const inputs = Object.keys(result.metafile.inputs).length;
const kb = outputs.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
console.log(
  `server bundle: ${inputs} modules → ${outputs.length} files, ${kb.toFixed(0)} KB (${Date.now() - started} ms)`,
);

if (!outArg) {
  const template = spawnSync(process.execPath, [path.join(out, 'build-pglite-template.js')], { stdio: 'inherit' });
  if (template.status !== 0) process.exit(template.status ?? 1);
}
