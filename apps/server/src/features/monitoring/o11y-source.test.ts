import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { embeddedO11yHealthSource, httpO11yHealthSource, o11yBaseUrl, type O11yProbeTarget } from './o11y-source.js';
import { closedPort, o11yServer } from './probe-testing.js';

/*
 * The HTTP health prober against a local server playing each o11y cluster's stack: every check answering is healthy,
 * the metrics store's liveness failing (or not answering) is down, any other check failing is degraded.
 */

/** O11Y_PROBE_CHECKS' default. */
const CHECKS = loadConfig({}).o11yProbe.checks;

let stack: Awaited<ReturnType<typeof o11yServer>>;
beforeAll(async () => {
  stack = await o11yServer({
    '/degraded/grafana/api/health': 'fail',
    '/down/-/healthy': 'fail',
    '/stuck': 'hang',
    '/notready/-/ready': 'hang',
  });
});
afterAll(() => stack?.close());

const cluster = (name: string): O11yProbeTarget => ({
  name,
  provider: 'AWS',
  region: 'us-east-1',
  regionId: 'aws.us-east-1',
  endpoint: `${stack.base}/${name}/`,
});

describe('the o11y health prober', () => {
  it('checks the default paths of each cluster and tells healthy, degraded and down apart', async () => {
    const source = httpO11yHealthSource({ checks: CHECKS, timeoutMs: 300 });
    const out = await source.observe(['healthy', 'degraded', 'down', 'stuck', 'notready'].map(cluster));
    expect(out).toEqual([
      { name: 'healthy', health: 'healthy', message: null },
      { name: 'degraded', health: 'degraded', message: 'grafana (/grafana/api/health): HTTP 503 Service Unavailable' },
      { name: 'down', health: 'down', message: 'metrics (/-/healthy): HTTP 503 Service Unavailable' },
      {
        name: 'stuck',
        health: 'down',
        message:
          'metrics (/-/healthy): did not answer within 300 ms; ready (/-/ready): did not answer within 300 ms; ' +
          'alertmanager (/alertmanager/-/healthy): did not answer within 300 ms; ' +
          'grafana (/grafana/api/health): did not answer within 300 ms',
      },
      { name: 'notready', health: 'degraded', message: 'ready (/-/ready): did not answer within 300 ms' },
    ]);
    expect(stack.seen.filter((p) => p.startsWith('/healthy/'))).toEqual([
      '/healthy/-/healthy',
      '/healthy/-/ready',
      '/healthy/alertmanager/-/healthy',
      '/healthy/grafana/api/health',
    ]);
  });

  it('says why a cluster it cannot reach is down', async () => {
    const source = httpO11yHealthSource({ checks: [{ name: 'metrics', path: '/-/healthy' }], timeoutMs: 1000 });
    const [out] = await source.observe([{ ...cluster('x'), endpoint: `http://127.0.0.1:${await closedPort()}` }]);
    expect(out).toMatchObject({ name: 'x', health: 'down' });
    expect(out!.message).toMatch(/^metrics \(\/-\/healthy\): .*ECONNREFUSED/);
  });

  it('fills the URL template in per cluster, else uses the stored endpoint', () => {
    const c = { ...cluster('o11y-aws-us-east-1'), endpoint: 'https://o11y.us-east-1.aws.example.com/' };
    expect(o11yBaseUrl(c, undefined)).toBe('https://o11y.us-east-1.aws.example.com');
    expect(o11yBaseUrl(c, 'https://{name}.o11y.example.com/{provider}/{region}/{region_id}')).toBe(
      'https://o11y-aws-us-east-1.o11y.example.com/AWS/us-east-1/aws.us-east-1',
    );
  });

  it('the embedded source observes nothing', async () => {
    expect(await embeddedO11yHealthSource().observe([cluster('healthy')])).toEqual([]);
  });
});
