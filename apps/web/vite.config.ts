import { defineConfig } from 'vite';
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
function contractPureSchemas(): Plugin {
  return {
    name: 'portal:contract-pure-schemas',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SRC.test(id)) return null;
      if (!/import \{ z \} from 'zod';/.test(code)) return null;
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
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // The contract and rc-field-form are free of import-time side effects but do not say so
        // in their package.json; letting unused parts drop keeps zod and the form engine lazy.
        moduleSideEffects: (id: string) =>
          /[\\/]packages[\\/]contract[\\/]|[\\/]@rc-component[\\/]form[\\/]/.test(id) ? false : undefined,
        manualPureFunctions: ['__contractZod', 'listQuery', 'listResult', 'repeated'],
      },
    },
  },
});
