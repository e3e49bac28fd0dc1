import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI machines, where the
    // server files mostly wait on their database and the web files on jsdom. Two workers take the unit stage from
    // about 480 s to about 345 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      // The few web files that mock a module, isolated (apps/web/vitest.config.ts: moduleMockingTests).
      'apps/web/vitest.isolated.config.ts',
      // The web build's own transforms (apps/web/build), run in Node.
      { test: { name: 'web-build', root: 'apps/web', include: ['build/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
