import { HTTP_TIMEOUT_MS } from '@portal/contract';
import { ApiError } from './ApiError';
import { notifyForbidden, notifyRequestError, notifyUnauthorized } from './errorNotices';
import { sessionHooks } from './session-hooks';

/** localStorage key of the API base URL override (spec §7); same origin when unset. */
export const API_BASE_URL_KEY = 'portal.apiBaseUrl';

type Scalar = string | number | boolean;
export type QueryValue = Scalar | null | undefined | readonly Scalar[];
export type QueryParams = { readonly [key: string]: QueryValue };

export interface RequestOptions {
  /** Query params: arrays become repeated keys, null/undefined are skipped (spec §9). */
  params?: QueryParams;
  /** Sent as JSON, or as it is when `contentType` is given (a string body: an SVG file's text, say). */
  body?: unknown;
  /** The body's media type when it is not JSON (e.g. `image/svg+xml`): a string body is then sent unchanged. */
  contentType?: string;
  headers?: Record<string, string>;
  /** Cancels the request (react-query passes one). */
  signal?: AbortSignal;
  /** Defaults to HTTP_TIMEOUT_MS (30 000 ms). */
  timeoutMs?: number;
  /** Spec §8: show the server message (or the network message) in a toast when this request fails. */
  showError?: boolean;
  /**
   * A background read the user did not ask for (the maintenance banner in the shell): its failure shows no notice
   * at all, not the 401 or 403 one either; the caller falls back to showing nothing. Wins over `showError`.
   */
  silent?: boolean;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';

export function getApiBaseUrl(): string {
  let override: string | null = null;
  try {
    override = window.localStorage.getItem(API_BASE_URL_KEY);
  } catch {
    // storage unavailable (privacy mode): same origin
  }
  return (override ?? '').trim().replace(/\/+$/, '');
}

export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly Scalar[]) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function buildUrl(path: string, params?: QueryParams): string {
  return `${getApiBaseUrl()}${path}${toQueryString(params)}`;
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFromResponse(response: Response, body: unknown, method: string, url: string): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // Spec §8: response message (message / legacy errmsg), then error, then the exception's own message.
  const serverMessage = asText(record.message) ?? asText(record.errmsg) ?? asText(record.error);
  return new ApiError({
    status: response.status,
    code: asText(record.code) ?? asText(record.errcode) ?? `http.${response.status}`,
    message: serverMessage ?? `Request failed with status code ${response.status}`,
    serverMessage,
    requestId: asText(record.requestId) ?? response.headers.get('x-request-id') ?? undefined,
    details: record.details,
    method,
    url,
  });
}

/** The privilege a 403 names (issue 18: "why can't I?"), when the server said which. */
function missingPrivilege(details: unknown): string | undefined {
  const p = (details as { privilege?: unknown } | null | undefined)?.privilege;
  return typeof p === 'string' ? p : undefined;
}

function announce(error: ApiError, { showError, silent }: Pick<RequestOptions, 'showError' | 'silent'>): void {
  if (silent) return;
  if (error.status === 401) notifyUnauthorized();
  else if (error.status === 403) notifyForbidden(error.method, error.url, missingPrivilege(error.details));
  else if (showError) notifyRequestError(error);
  else return;
  error.notified = true;
}

/** The one HTTP client (spec §7, §8, §9). Resolves with the parsed JSON body, rejects with ApiError. */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.params);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'OPTIONS') {
    const token = sessionHooks().getIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let body: string | undefined;
  if (options.body !== undefined && options.contentType && typeof options.body === 'string') {
    headers['Content-Type'] = options.contentType;
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outer = options.signal;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener('abort', forwardAbort);

  try {
    let response: Response;
    let payload: unknown;
    try {
      response = await fetch(url, { method, headers, body, signal: controller.signal });
      payload = await readJson(response);
    } catch (cause) {
      if (outer?.aborted && !timedOut) throw cause;
      const error = new ApiError({
        status: 0,
        code: timedOut ? 'timeout' : 'network',
        message: timedOut
          ? `Request timed out after ${timeoutMs} ms`
          : cause instanceof Error && cause.message
            ? cause.message
            : 'Network error',
        method,
        url,
      });
      announce(error, options);
      throw error;
    }
    if (!response.ok) {
      const error = errorFromResponse(response, payload, method, url);
      announce(error, options);
      throw error;
    }
    return payload as T;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}
