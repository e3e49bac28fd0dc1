import { defineConfig, parseAst } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const CONTRACT_SRC = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * Initial-load budget (≤ 250 KB gzip for sign-in → overview): the contract's schemas are top-level
 * `z.…()` calls, which a bundler must keep as possible side effects, so any import from
 * `@portal/contract` (even a route path or a constant) would pull all of zod into the first load.
 * This gives the contract's zod binding a unique name at build time so it can be declared pure
 * below (`manualPureFunctions`) without touching any other package's `z`.
 * Only build output is affected; the contract source is unchanged.
 */
/** The fields of a route descriptor the web never reads at run time: its zod schemas. */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response']);

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return !!value && typeof value === 'object' && typeof (value as AstNode).type === 'string';
}

/**
 * Removes the schema fields from every `route({ … })` descriptor of a contract module. The web only needs a
 * descriptor's method, path and access at run time (its types come from the schemas at compile time), so the
 * schemas a page merely calls drop out of its bundle with the rest of the unused schemas.
 */
export function stripRouteSchemas(code: string, id: string): string {
  if (!code.includes('route(')) return code;
  const cuts: [number, number][] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    const callee = node.callee as AstNode | undefined;
    const arg = (node.arguments as AstNode[] | undefined)?.[0];
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'route') {
      if (arg?.type === 'ObjectExpression') {
        for (const prop of arg.properties as AstNode[]) {
          const key = prop.key as AstNode | undefined;
          if (
            prop.type === 'Property' &&
            !prop.computed &&
            key?.type === 'Identifier' &&
            SCHEMA_KEYS.has(key.name as string)
          ) {
            let end = prop.end;
            while (/\s/.test(code[end] ?? '')) end++;
            if (code[end] === ',') end++;
            cuts.push([prop.start, end]);
          }
        }
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'type' && typeof v === 'object') visit(v);
  };
  visit(parseAst(code, { lang: 'ts' }, id));
  let out = code;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}

function contractPureSchemas(): Plugin {
  return {
    name: 'portal:contract-pure-schemas',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SRC.test(id)) return null;
      code = stripRouteSchemas(code, id);
      if (!/import \{ z \} from 'zod';/.test(code)) return { code, map: null };
      return {
        code: code
          // Keep a plain `z` too, so any use this rename misses still works (just not tree-shaken).
          .replace(/import \{ z \} from 'zod';/, "import { z as __contractZod } from 'zod';\nconst z = __contractZod;")
          // `z.object(…)`, also split over lines (`z\n  .string()`), never `foo.z.`
          .replace(/(?<![\w$.])z(?=\s*\.)/g, '__contractZod'),
        map: null,
      };
    },
  };
}

export default defineConfig({
  plugins: [react(), contractPureSchemas()],
  resolve: { conditions: ['source'] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/oidc': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    // Maps are written beside the bundle for reading a production stack trace, but no bundle points at them and the
    // server never serves `*.map` (platform/http.ts); the dev server keeps its own inline maps.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // The contract and rc-field-form are free of import-time side effects but do not say so
        // in their package.json; letting unused parts drop keeps zod and the form engine lazy.
        moduleSideEffects: (id: string) =>
          /[\\/]packages[\\/]contract[\\/]|[\\/]@rc-component[\\/]form[\\/]/.test(id) ? false : undefined,
        manualPureFunctions: ['__contractZod', 'listQuery', 'listResult', 'repeated', 'route'],
      },
    },
  },
});
