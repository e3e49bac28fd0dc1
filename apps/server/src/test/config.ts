import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config.js';

/**
 * The configuration tests run with: quiet logs, no seeding at start, a fixed public URL, and the embedded code host's
 * git repository in the temporary directory (written on first use; never the data directory of `npm start`).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    PUBLIC_URL: 'http://portal.test',
    SEED: 'none',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    CODEHOST_DIR: path.join(os.tmpdir(), 'portal-test-codehost'),
    ...env,
  });
}
