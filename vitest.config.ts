import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      // The web build's own transforms (apps/web/build), run in Node.
      { test: { name: 'web-build', root: 'apps/web', include: ['build/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
