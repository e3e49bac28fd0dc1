import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { portalUsers } from '../platform/schema.js';
import { contractDescriptors, envelopeProblem, fillParams, routeKey, StatusTally } from './probe.js';

/*
 * A bounded, deterministic fuzz of every operation in the app's OpenAPI document, sent as an admin so that requests
 * get past authorization into validation and the handlers: NUL and lone surrogates in every string position (path,
 * query, body at any depth), huge, negative and fractional numbers, wrong types, deep nesting, malformed and empty
 * bodies, oversized strings. Whatever the input: never a 5xx, and every 4xx is the `{ code, message, requestId }`
 * envelope; a request carrying a NUL or a lone surrogate in any string is refused with 400. Path params take real
 * ids where a list route names them (so mutations reach their audit rows), the rest a placeholder; body fields named
 * `…_id` likewise. Per operation: the baseline, every NUL and surrogate probe, then the other candidates shuffled
 * with a fixed seed, up to a cap (FUZZ_CAP requests).
 */

const SEED = 0x5eed_2609;
const CAP = Number(process.env.FUZZ_CAP ?? 150);
const HUGE = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const RAW = '"@@raw@@"';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Probe {
  label: string;
  method: string;
  url: string;
  /** Raw body text (JSON unless `contentType` says otherwise). */
  payload?: string;
  contentType?: string;
}

// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether any string (value or key) in a JSON value has a NUL or a lone surrogate; iterative, for deep nesting. */
function jsonHasUnsafe(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (UNSAFE.test(v)) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (UNSAFE.test(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/**
 * Whether the request carries a NUL or a lone surrogate in a string the API reads: a path segment or query key or
 * value once percent-decoded (an undecodable one, like `%ED%A0%80`, is not text), or a JSON body's strings.
 */
function carriesUnsafeText(p: Probe): boolean {
  const decoded = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return '';
    }
  };
  const [pathPart, queryPart = ''] = p.url.split('?', 2);
  const parts = [...pathPart!.split('/'), ...queryPart.split(/[&=]/)];
  if (parts.some((x) => UNSAFE.test(decoded(x)))) return true;
  if (p.payload === undefined || (p.contentType ?? 'application/json') !== 'application/json') return false;
  try {
    return jsonHasUnsafe(JSON.parse(p.payload));
  } catch {
    return false;
  }
}

/** mulberry32: a tiny seeded PRNG, so every run sends the same requests. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function shuffled<T>(items: T[], seed: number): T[] {
  const rnd = prng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The schema with its union resolved to the first non-null member. */
function resolve(s: JsonSchema | undefined): JsonSchema {
  if (!s) return {};
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return resolve(union.find((m) => m.type !== 'null') ?? union[0]);
  if (s.allOf?.length) return resolve(s.allOf[0]);
  return s;
}

function typeOf(s: JsonSchema): string | undefined {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  if (s.enum?.length) return typeof s.enum[0];
  return undefined;
}

const STRING_CANDIDATES = ['x', 'fuzz', 'X', 'A', '1', 'main', 'v8.1.0', '2026-01-01', '2026-01-01T00:00:00Z'];

/** Real ids of the seeded data by field name (`cluster_id`, `approval_id`…), read from the list routes. */
const known = new Map<string, string>();

/**
 * A valid-looking value for a schema: the default, the first enum member, a real id for an `…_id` field, or the
 * simplest value that fits.
 */
function sample(schema: JsonSchema | undefined, depth = 0, name?: string): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string': {
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      const re = s.pattern ? new RegExp(s.pattern) : undefined;
      const fits = (v: string) =>
        (!re || re.test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
      const real = name ? known.get(name) : undefined;
      if (real !== undefined && fits(real)) return real;
      return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
    case 'boolean':
      return false;
    case 'array':
      return depth > 6 ? [] : Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => sample(s.items, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k], depth + 1, k);
      return out;
    }
    default:
      return 'x';
  }
}

/** Every position in a body schema (objects' properties, arrays' first item), with its schema. */
function positions(schema: JsonSchema | undefined, at: (string | number)[] = [], out: [typeof at, JsonSchema][] = []) {
  const s = resolve(schema);
  if (at.length > 8) return out;
  if (at.length) out.push([at, s]);
  const t = typeOf(s);
  if (t === 'object') for (const [k, v] of Object.entries(s.properties ?? {})) positions(v, [...at, k], out);
  if (t === 'array' && s.items) positions(s.items, [...at, 0], out);
  return out;
}

/** The body's baseline (its required fields) with `value` set at `at`, creating the containers on the way. */
function bodyWith(schema: JsonSchema | undefined, at: (string | number)[], value: unknown): unknown {
  const root = sample(schema);
  let holder: unknown = root;
  let s = resolve(schema);
  for (let i = 0; i < at.length - 1; i++) {
    const k = at[i]!;
    const next = resolve(typeof k === 'number' ? s.items : s.properties?.[k]);
    const h = holder as Record<string | number, unknown>;
    if (h[k] === undefined || h[k] === null || typeof h[k] !== 'object') h[k] = sample(next, 0, String(k));
    holder = h[k];
    s = next;
  }
  (holder as Record<string | number, unknown>)[at[at.length - 1]!] = value;
  return root;
}

/** JSON text of `value`, with the `@@raw@@` markers replaced by raw JSON text (numbers JSON.stringify can't write). */
const jsonWithRaw = (value: unknown, raw: string) => JSON.stringify(value).replaceAll(RAW, raw);

const STRING_VALUES: [string, unknown][] = [
  ['NUL', NUL],
  ['lone surrogate', SURROGATE],
  ['lone low surrogate', 'a\udc00'],
  ['100k chars', HUGE],
  ['a number', 12345],
  ['an object', { a: 'b' }],
  ['an array', ['a']],
  ['null', null],
  ['true', true],
];
const NUMBER_VALUES: [string, string][] = [
  ['1e309', '1e309'],
  ['2**63', '9223372036854775808'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['-1e309', '-1e309'],
  ['a string', '"1"'],
  ['an object', '{"a":1}'],
  ['NUL string', '"\\u0000"'],
];
const QUERY_VALUES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['encoded surrogate', 'a%ED%A0%80b'],
  ['overlong NUL', 'a%C0%80b'],
  ['bad escape', 'a%zzb'],
  ['100k chars', HUGE],
  ['1e309', '1e309'],
  ['2**63', '9223372036854775808'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['empty', ''],
];
const PATH_VALUES: [string, string][] = [
  ['NUL', 'a%00b'],
  ['only NUL', '%00'],
  ['encoded surrogate', 'a%ED%A0%80b'],
  ['bad escape', 'a%zzb'],
  ['2**63', '9223372036854775808'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['1e309', '1e309'],
  ['201 chars', 'x'.repeat(201)],
  ['spaces', '%20%20'],
  ['dot dot', '..'],
];

let t: TestApp;
let admin: string;
const tally = new StatusTally();
let unsafeProbes = 0;
let ops: Record<string, Record<string, Operation>> = {};
const descriptors = contractDescriptors();
const started = performance.now();

beforeAll(async () => {
  t = await createTestApp({ BENCH_ROUTES: '1' });
  await t.database.db.insert(portalUsers).values({ email: 'fuzz-admin@example.test', name: 'Fuzz', roles: ['admin'] });
  admin = `Bearer ${await t.token({ email: 'fuzz-admin@example.test' })}`;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: typeof ops };
  ops = doc.paths;
  // Real ids by field name from every list without path params: `…_id` fields, and each item's id as
  // `<singular of the list's last segment>_id` (`/cluster/clusters` → cluster_id).
  for (const { d } of descriptors) {
    if (d.method !== 'GET' || d.path.includes(':')) continue;
    const body = (await get(d.path)) as { items?: Record<string, unknown>[] } | undefined;
    const segment = d.path.split('/').pop()!.replace(/s$/, '');
    for (const item of Array.isArray(body?.items) ? body.items : []) {
      const fields: [string, unknown][] = [...Object.entries(item), [`${segment}_id`, item.id]];
      for (const [k, v] of fields)
        if (k.endsWith('_id') && (typeof v === 'string' || typeof v === 'number') && !known.has(k))
          known.set(k, String(v));
    }
  }
}, 120_000);

afterAll(async () => {
  console.log(
    `fuzz (seed ${SEED}, cap ${CAP}/route): ${tally.summary()}, ${unsafeProbes} of them with a NUL or lone ` +
      `surrogate, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await t?.close();
});

const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

async function get(url: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: admin } });
  return res.statusCode === 200 ? res.json() : undefined;
}

/**
 * Real values for a route's path params where the route above names them: `/orgs/:id/projects/:pid` takes `:id` from
 * `GET /orgs` and `:pid` from `GET /orgs/:id/projects` (the first item's field of the param's name, or its id).
 */
async function realParams(path: string, opParams: Operation['parameters']): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => [m[1]!, m.index] as const);
  for (const [name, index] of names) {
    const parent = path.slice(0, index - 1);
    const list = descriptors.find((x) => x.d.method === 'GET' && x.d.path === parent);
    let value: string | undefined;
    if (list) {
      const body = (await get(fillParams(parent, (n) => values[n] ?? 'x'))) as
        { items?: Record<string, unknown>[] } | Record<string, unknown>[] | undefined;
      const first = Array.isArray(body) ? body[0] : body?.items?.[0];
      const v = first?.[name] ?? first?.id;
      if (typeof v === 'string' || typeof v === 'number') value = String(v);
    }
    // No list above it (`/approvals/:id`, `/clusters/:cluster_id`): a real id of that name from any list.
    const segment =
      path
        .slice(0, index - 1)
        .split('/')
        .pop() ?? '';
    value ??= known.get(name) ?? known.get(`${segment.replace(/s$/, '')}_id`);
    const schema = resolve(opParams?.find((p) => p.in === 'path' && p.name === name)?.schema);
    values[name] = value ?? String(sample(schema));
  }
  return values;
}

function probesFor(method: string, path: string, op: Operation, params: Record<string, string>): Probe[] {
  const probes: Probe[] = [];
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const baseQuery = queryParams
    .filter((p) => p.required)
    .map((p) => [p.name, encodeURIComponent(String(sample(p.schema, 0, p.name)))] as [string, string]);
  const qs = (pairs: [string, string][]) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '');
  const encode = (v: string) => encodeURIComponent(v);
  const baseUrl = fillParams(path, (n) => params[n]!);
  const baseBody = hasBody && bodySchema ? JSON.stringify(sample(bodySchema)) : undefined;
  const add = (label: string, p: Omit<Probe, 'label' | 'method'>) => probes.push({ label, method, ...p });

  add('baseline', { url: `${baseUrl}${qs(baseQuery)}`, payload: baseBody });

  // Path params: each one malformed, the others real.
  for (const name of Object.keys(params)) {
    for (const [label, raw] of PATH_VALUES) {
      const url = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, n: string) =>
        n === name ? raw : encode(params[n]!),
      );
      add(`path ${name}: ${label}`, { url: `${url}${qs(baseQuery)}`, payload: baseBody });
    }
  }

  // Query params: each one malformed (raw percent-encoding kept, keys and values), repeated, or keyed oddly; plus an
  // unknown one.
  const query = (name: string, value: string) => [
    ...baseQuery.filter(([k]) => k !== name),
    [name, value] as [string, string],
  ];
  for (const p of queryParams) {
    for (const [label, raw] of QUERY_VALUES)
      add(`query ${p.name}: ${label}`, { url: `${baseUrl}${qs(query(p.name, raw))}` });
    add(`query ${p.name}: repeated`, { url: `${baseUrl}${qs([...query(p.name, 'a'), [p.name, 'a%00']])}` });
    add(`query ${p.name}[]: bracketed`, { url: `${baseUrl}${qs(query(`${p.name}[a]`, 'b'))}` });
  }
  add('query: unknown with NUL', { url: `${baseUrl}${qs([...baseQuery, ['zz%00', 'a%00b']])}`, payload: baseBody });

  if (!hasBody) return probes;

  // Whole bodies: malformed, empty, the wrong JSON type, deep nesting, too large, another content type.
  const deepArray = `${'['.repeat(2000)}${']'.repeat(2000)}`;
  const deepObject = `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`;
  const wholeBodies: [string, string | undefined, string?][] = [
    ['malformed JSON', '{"a":'],
    ['truncated string', '{"a":"\\u00'],
    ['empty JSON body', ''],
    ['no body, no content type', undefined],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"x"'],
    ['1e309', '1e309'],
    ['2000 nested arrays', deepArray],
    ['2000 nested objects', deepObject],
    ['NUL key', '{"\\u0000":1}'],
    ['lone surrogate key', '{"\\ud800":1}'],
    ['unknown field with NUL', JSON.stringify({ ...(sample(bodySchema) as object), zz: NUL })],
    ['duplicate __proto__', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
    ['3 MB body', JSON.stringify({ a: 'x'.repeat(3 * 1024 * 1024) })],
    ['text/plain', 'x', 'text/plain'],
    ['form body', 'a=%00', 'application/x-www-form-urlencoded'],
  ];
  for (const [label, payload, contentType] of wholeBodies)
    add(`body: ${label}`, {
      url: `${baseUrl}${qs(baseQuery)}`,
      payload,
      contentType: payload === undefined ? undefined : contentType,
    });

  // Every field of the body schema, at any depth: the wrong value for its type.
  for (const [at, s] of positions(bodySchema)) {
    const where = at.join('.');
    const t0 = typeOf(s);
    const values: [string, string][] = [];
    if (t0 === 'string' || t0 === undefined)
      for (const [label, v] of STRING_VALUES) values.push([label, JSON.stringify(bodyWith(bodySchema, at, v))]);
    if (t0 === 'integer' || t0 === 'number')
      for (const [label, raw] of NUMBER_VALUES)
        values.push([label, jsonWithRaw(bodyWith(bodySchema, at, '@@raw@@'), raw)]);
    if (t0 === 'boolean')
      for (const [label, raw] of [
        ['a string', '"true"'],
        ['1', '1'],
        ['NUL string', '"\\u0000"'],
      ] as const)
        values.push([label, jsonWithRaw(bodyWith(bodySchema, at, '@@raw@@'), raw)]);
    if (t0 === 'object' || t0 === 'array') {
      const other = t0 === 'object' ? '[]' : '{}';
      for (const [label, raw] of [
        [t0 === 'object' ? 'an array' : 'an object', other],
        ['a string', '"x"'],
        ['NUL string', '"\\u0000"'],
        ['2000 levels deep', deepArray],
      ] as const)
        values.push([label, jsonWithRaw(bodyWith(bodySchema, at, '@@raw@@'), raw)]);
      if (t0 === 'array')
        values.push([
          '10k items',
          jsonWithRaw(bodyWith(bodySchema, at, '@@raw@@'), `[${'"\\u0000",'.repeat(9999)}"x"]`),
        ]);
    }
    for (const [label, payload] of values)
      add(`body ${where}: ${label}`, { url: `${baseUrl}${qs(baseQuery)}`, payload });
  }
  return probes;
}

describe('every operation of the OpenAPI document', () => {
  it('describes every contract route (the fuzz covers them all)', () => {
    const missing = descriptors
      .filter((x) => !ops[openApiPath(x.d.path)]?.[x.d.method.toLowerCase()])
      .map((x) => routeKey(x.d.method, x.d.path));
    expect(missing).toEqual([]);
  });

  it.each(descriptors.map((x) => [routeKey(x.d.method, x.d.path), x.d.method, x.d.path] as const))(
    '%s: no 5xx, the envelope on every 4xx, 400 for NUL and lone surrogates',
    async (key, method, path) => {
      const op = ops[openApiPath(path)]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      const params = await realParams(path, op!.parameters);
      const all = probesFor(method, path, op!, params);
      // The baseline, every NUL and surrogate probe, then a seeded sample of the rest up to the cap.
      const must = all.slice(1).filter((p) => carriesUnsafeText(p) || /surrogate/.test(p.label));
      const rest = all.slice(1).filter((p) => !must.includes(p));
      const chosen = [
        all[0]!,
        ...must,
        ...shuffled(rest, SEED ^ hash(key)).slice(0, Math.max(0, CAP - 1 - must.length)),
      ];
      const wrong: string[] = [];
      for (const p of chosen) {
        const headers: Record<string, string> = { authorization: admin };
        if (p.payload !== undefined) headers['content-type'] = p.contentType ?? 'application/json';
        const res = await t.app.inject({ method: p.method as 'GET', url: p.url, headers, payload: p.payload });
        tally.add(res.statusCode);
        let problem =
          res.statusCode >= 500 ? res.body.slice(0, 160) : res.statusCode >= 400 ? envelopeProblem(res) : undefined;
        // Text PostgreSQL cannot store is refused up front, whatever the route would have done with it.
        const unsafe = carriesUnsafeText(p);
        if (unsafe) unsafeProbes++;
        if (!problem && res.statusCode !== 400 && unsafe)
          problem = `NUL or lone surrogate answered ${res.statusCode}, not 400: ${res.body.slice(0, 120)}`;
        if (problem || res.statusCode >= 500) {
          const shown = (x: string) => (x.length > 160 ? `${x.slice(0, 160)}… (${x.length} chars)` : x);
          const body = p.payload === undefined ? '' : ` body ${shown(p.payload)}`;
          wrong.push(`${p.label}: ${res.statusCode} ${problem ?? ''} ← ${p.method} ${p.url.slice(0, 200)}${body}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );
});
