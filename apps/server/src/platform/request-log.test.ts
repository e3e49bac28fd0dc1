import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { installRequestLog } from './http.js';

/** A Fastify app like the server's (no built-in request lines) whose log lines are collected. */
async function appLogging(mode: 'errors' | 'all', slowMs = 1000) {
  const lines: { msg: string; status?: number; url?: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  installRequestLog(app, { mode, slowMs });
  app.get('/ok', () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 30));
    return { ok: true };
  });
  await app.ready();
  return { app, lines: () => lines.filter((l) => l.msg !== 'boom') };
}

describe('request log', () => {
  it('is off for successful requests by default, and on for server errors and slow requests', async () => {
    const { app, lines } = await appLogging('errors', 20);
    for (let i = 0; i < 5; i++) await app.inject({ url: '/ok' });
    expect(lines()).toEqual([]);
    await app.inject({ url: '/boom' });
    await app.inject({ url: '/slow' });
    expect(lines().map((l) => [l.msg, l.url, l.status])).toEqual([
      ['request failed', '/boom', 500],
      ['slow request', '/slow', 200],
    ]);
    await app.close();
  });

  it('logs every request with REQUEST_LOG=all', async () => {
    const { app, lines } = await appLogging('all');
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/ok?x=1' });
    expect(lines().map((l) => [l.msg, l.url, l.status])).toEqual([
      ['request', '/ok', 200],
      ['request', '/ok?x=1', 200],
    ]);
    await app.close();
  });

  it('defaults to errors-only with a 1 s slow threshold, and refuses an unknown mode', () => {
    const c = loadConfig({});
    expect([c.requestLog, c.slowRequestMs]).toEqual(['errors', 1000]);
    expect(loadConfig({ REQUEST_LOG: 'all', SLOW_REQUEST_MS: '250' })).toMatchObject({
      requestLog: 'all',
      slowRequestMs: 250,
    });
    expect(() => loadConfig({ REQUEST_LOG: 'some' })).toThrow(/REQUEST_LOG/);
  });
});
