import type { z } from 'zod';

/**
 * Calls out to external systems: the one fetch every adapter's real implementation makes (code host, issue tracker,
 * jump server, chat webhooks, Prometheus, Alertmanager, PD, o11y probes, payment provider…). It puts a time limit on
 * the call (joined with the caller's own signal), sends the portal's user agent, JSON accept and the credentials, and
 * words the one failure every adapter has — no answer — the same way everywhere: "did not answer within 10 s",
 * "could not be reached (ECONNREFUSED)", "was cancelled". What an answer means stays the adapter's business.
 */

export interface OutboundRequest {
  method?: string;
  /** Extra headers; `accept` defaults to JSON. */
  headers?: Record<string, string>;
  /** A bearer token: `authorization: Bearer <token>` (absent or empty: no header). */
  token?: string;
  /** A whole `authorization` header (Basic…); wins over `token`. */
  authorization?: string;
  /** A JSON body (sets `content-type`), or a ready body. */
  json?: unknown;
  body?: string;
  timeoutMs: number;
  /** The caller's cancellation, joined with the time limit. */
  signal?: AbortSignal;
  /** A fetch to use instead of the global one (tests). */
  fetch?: typeof fetch;
  /** The adapter's error for a call that got no answer, given the reason ("did not answer within 10 s"…). */
  unavailable: (reason: string) => Error;
}

/** A duration as people read it in an error: whole seconds as "10 s", anything else as "300 ms". */
export function durationText(ms: number): string {
  return ms % 1000 ? `${ms} ms` : `${ms / 1000} s`;
}

/** Why a call got no answer, for people: its time limit, a cancellation, or the system's error (ECONNREFUSED…). */
export function noAnswerReason(err: unknown, timeoutMs: number, signal?: AbortSignal): string {
  const e = err as (Error & { cause?: { code?: string; message?: string } }) | undefined;
  if (e?.name === 'TimeoutError') return `did not answer within ${durationText(timeoutMs)}`;
  if (e?.name === 'AbortError' || signal?.aborted) return 'was cancelled';
  const why = e?.cause?.code ?? e?.cause?.message ?? e?.message;
  return `could not be reached${why ? ` (${why})` : ''}`;
}

/** Makes the call; a call that gets no answer throws `req.unavailable(reason)`. The answer is the caller's to read. */
export async function callOut(url: string | URL, req: OutboundRequest): Promise<Response> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const authorization = req.authorization || (req.token ? `Bearer ${req.token}` : undefined);
  const body = req.json === undefined ? req.body : JSON.stringify(req.json);
  try {
    return await (req.fetch ?? fetch)(url, {
      method: req.method ?? 'GET',
      headers: {
        accept: 'application/json',
        'user-agent': 'management-portal',
        ...(req.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(authorization ? { authorization } : {}),
        ...req.headers,
      },
      ...(body === undefined ? {} : { body }),
      signal: req.signal ? AbortSignal.any([req.signal, timeout]) : timeout,
    });
  } catch (err) {
    throw req.unavailable(noAnswerReason(err, req.timeoutMs, req.signal));
  }
}

/** An answer's body read as text; a body cut off mid-way (the time limit, a reset) is no answer too. */
export async function answerText(res: Response, req: Pick<OutboundRequest, 'timeoutMs' | 'signal' | 'unavailable'>) {
  try {
    return await res.text();
  } catch (err) {
    throw req.unavailable(noAnswerReason(err, req.timeoutMs, req.signal));
  }
}

/** "answered 502: <the start of its text>", for an error about an answer that was not a success. */
export function answeredStatus(res: Response, text: string): string {
  return `answered ${res.status}: ${text.trim().slice(0, 200) || res.statusText}`;
}

/**
 * An answer's JSON body, checked against `schema`: a status other than 2xx, or a body of another shape, is the
 * adapter's `unavailable` ("answered 502 to creating the grant", "answered the search with an unexpected body").
 */
export async function answerJson<T extends z.ZodType>(
  res: Response,
  schema: T,
  what: string,
  unavailable: (reason: string) => Error,
): Promise<z.output<T>> {
  if (!res.ok) throw unavailable(`answered ${res.status} to ${what}`);
  const out = schema.safeParse(await res.json().catch(() => undefined));
  if (!out.success) throw unavailable(`answered ${what} with an unexpected body`);
  return out.data;
}
