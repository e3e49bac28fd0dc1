import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The contract's TypeScript source, not its build: `resolve` covers client environments, `ssr.resolve` the node one.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files share their worker's module cache: each one importing the whole app again cost ~1.3 s of a ~6 s file
    // (87 s of the PostgreSQL pass). They keep no module state between them: every file builds its own app and
    // database (test/app.ts), and none mocks a module (the authz matrix lists routes through `onRoute`).
    isolate: false,
  },
});
