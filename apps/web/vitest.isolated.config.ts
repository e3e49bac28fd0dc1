import { defineConfig } from 'vitest/config';
import { moduleMockingTests, webProject } from './vitest.config.ts';

/** The web test files that mock a module (see `moduleMockingTests`), each in a fresh worker of its own. */
export default defineConfig(webProject({ name: 'web-isolated', include: moduleMockingTests, isolate: true }));
