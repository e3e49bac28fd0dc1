import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import type { ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

/**
 * The test files that replace a module (`vi.mock`, `vi.doMock`). A mock stays registered in its worker, and a module
 * imported before it (a lazy component already loaded) is not replaced: these files run isolated, in the project
 * `web-isolated` (vitest.isolated.config.ts), found by their text so that a new one cannot be forgotten.
 */
export const moduleMockingTests: string[] = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(root, file), 'utf8')))
  .sort();

/** What both web projects share: jsdom, the setup file, the contract's source. */
export function webProject(test: NonNullable<ViteUserConfig['test']>): ViteUserConfig {
  return {
    plugins: [react()],
    resolve: { conditions: ['source'] },
    test: {
      root,
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      // antd pages in jsdom are CPU-heavy: on a loaded 2-core machine a page test can take several seconds.
      testTimeout: 20_000,
      ...test,
    },
  };
}

export default defineConfig(
  webProject({
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...moduleMockingTests],
    // The files of a worker share its jsdom window and its module cache instead of starting both anew for each: on an
    // idle 2-core machine the web files took 361 s (677 s of CPU) isolated, 135-140 s (~240 s of CPU) sharing.
    // test/setup.ts puts back what a file may change (DOM, storage, timers, mocks, antd's static toasts) and fails a
    // file that leaves anything in the document (decision 0003, second addendum).
    isolate: false,
  }),
);
