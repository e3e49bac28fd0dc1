export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  /** The message the server answered with (message, errmsg or error), if any. */
  serverMessage?: string;
  requestId?: string;
  details?: unknown;
  method: string;
  url: string;
}

/** Every failed request of the one HTTP client rejects with this. Branch on `code`, never on `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure or time-out). */
  readonly status: number;
  readonly code: string;
  readonly serverMessage?: string;
  readonly requestId?: string;
  readonly details?: unknown;
  readonly method: string;
  readonly url: string;
  /** Set once the client has already shown a notice for it (401, 403, showError), so nothing shows it twice. */
  notified = false;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.requestId = init.requestId;
    this.details = init.details;
    this.method = init.method;
    this.url = init.url;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Spec §8 "response message, then error, then the exception's own message", for any thrown value. */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return error.message || fallback;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** One invalid field of a 400 answer, whatever shape the server used for `details`. */
export interface FieldError {
  field: string;
  message: string;
}

/** Reads `details` of a 400 answer as field errors: `[{ field | path, message }]` or `{ issues: [...] }`. */
export function fieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const raw: unknown = error.details;
  const list: unknown[] = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { issues?: unknown }).issues)
      ? (raw as { issues: unknown[] }).issues
      : [];
  const out: FieldError[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { field, path, message } = item as { field?: unknown; path?: unknown; message?: unknown };
    const name =
      typeof field === 'string'
        ? field
        : Array.isArray(path)
          ? path.map(String).join('.')
          : typeof path === 'string'
            ? path
            : '';
    if (name && typeof message === 'string') out.push({ field: name.replace(/^body\./, ''), message });
  }
  return out;
}
