import type { FastifyInstance } from 'fastify';
import type { FieldIssue } from '@portal/contract';
import { AppError } from './errors.js';

/**
 * Text PostgreSQL cannot take: a NUL character, or a UTF-16 surrogate without its other half (it has no UTF-8 form).
 * Stored or compared, either fails inside the database; the request is refused with 400 before it gets there.
 */
// The NUL is the point of this pattern.
// eslint-disable-next-line no-control-regex
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

export const UNSAFE_TEXT = 'contains a NUL or an unpaired surrogate character';

export function isUnsafeText(s: string): boolean {
  return UNSAFE.test(s);
}

/** A field path fit for a message: the offending characters written as `\uXXXX`. */
function printable(path: string): string {
  return path.replace(UNSAFE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The path (`body.items.0.comment`) of the first string in `value` — a value or an object key, at any depth — that
 * contains unsafe text, if any. Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findUnsafeText(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSAFE.test(v)) return printable(at);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}.${i}`]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [k] of entries) if (UNSAFE.test(k)) return printable(`${at}.${k}`);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], `${at}.${entries[i]![0]}`]);
    }
  }
  return undefined;
}

function refuse(field: string): AppError {
  const details: FieldIssue[] = [{ field, message: UNSAFE_TEXT }];
  return new AppError('request.invalid', `${field}: ${UNSAFE_TEXT}`, details);
}

/**
 * Refuses NUL and unpaired surrogates anywhere in a request, once for every route (the API, the issuer's pages and
 * form posts, the SPA): in the path parameters and the query string (after percent-decoding) before anything else
 * runs, and in any string of a parsed body (JSON or a form) before validation. 400 `request.invalid`, naming the
 * first such field the way validation errors do (`params.id`, `querystring.search`, `body.reason`).
 * Install it before any plugin that registers routes, so that every route inherits the hooks.
 */
export function installRequestHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    const at = findUnsafeText(req.params, 'params') ?? findUnsafeText(req.query, 'querystring');
    if (at) throw refuse(at);
  });
  app.addHook('preValidation', async (req) => {
    const at = findUnsafeText(req.body, 'body');
    if (at) throw refuse(at);
  });
}
