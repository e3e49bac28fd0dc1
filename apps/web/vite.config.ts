import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyles } from './build/antd-styles';
import { contractModules } from './build/contract-modules';
import { entryPreloadLists } from './build/entry-preload';
import { theme } from './src/app/theme';

const preload = entryPreloadLists();

export default defineConfig({
  plugins: [react(), contractModules(), antdStaticStyles(theme), preload.plugin],
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
    modulePreload: preload.modulePreload,
    rolldownOptions: {
      // Chunks are named by their hash alone: every import statement of every chunk, and the entry's preload table,
      // carries these names (~6 KB of a heavy route's JS as `Name-hash.js`; decision 0010). The build's manifest and
      // hidden source maps still say which module is where.
      output: { chunkFileNames: 'assets/[hash].js' },
      treeshake: {
        // The contract and rc-field-form are free of import-time side effects but do not say so
        // in their package.json; letting unused parts drop keeps zod and the form engine lazy.
        moduleSideEffects: (id: string) =>
          /[\\/]packages[\\/]contract[\\/]|[\\/]@rc-component[\\/]form[\\/]/.test(id) ? false : undefined,
      },
    },
  },
});
