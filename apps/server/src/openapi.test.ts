import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';

/*
 * The published API, pinned: any change to a route's path, method, parameters, body or response shape changes
 * `openapi.snapshot.json` and so shows up in review. After an intended change, refresh it with
 * `npx vitest run --project server src/openapi.test.ts -u`.
 */
describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('matches the committed API document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
    await expect(JSON.stringify(doc, null, 2) + '\n').toMatchFileSnapshot('./openapi.snapshot.json');
  });
});
