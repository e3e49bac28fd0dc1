import { loadConfig, type Config } from '../config.js';

/** The configuration tests run with: quiet logs, no seeding at start, a fixed public URL. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_URL: 'http://portal.test',
    SEED: 'none',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    ...env,
  });
}
