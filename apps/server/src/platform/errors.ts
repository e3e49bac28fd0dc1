import crypto from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorCatalogue, type ErrorBody, type ErrorCode, type FieldIssue } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type services throw; its code decides the status and default message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
  }
}

function fieldOf(instancePath: string, params: Record<string, unknown> | undefined): string {
  const p = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = params?.missingProperty;
  if (typeof missing === 'string') return p ? `${p}.${missing}` : missing;
  return p;
}

/** Installs the error and not-found handlers: one envelope `{ code, message, requestId, details? }`, never a stack. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const requestId = String(req.id);
    const send = (status: number, body: Omit<ErrorBody, 'requestId'>) =>
      reply.status(status).send({ ...body, requestId } satisfies ErrorBody);

    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, err.message);
      return send(err.status, { code: err.code, message: err.message, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const details: FieldIssue[] = err.validation.map((v) => ({
        field: [where, fieldOf(v.instancePath, v.params as Record<string, unknown>)].filter(Boolean).join('.'),
        message: v.message ?? 'invalid',
      }));
      const first = details[0];
      return send(400, {
        code: 'request.invalid',
        message: first ? `${first.field}: ${first.message}` : 'The request is invalid',
        details,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response does not match its schema');
      return send(500, { code: 'internal', message: errorCatalogue.internal.message });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return send(429, { code: 'rateLimited', message: errorCatalogue.rateLimited.message });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type).
      return send(status, { code: 'request.invalid', message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, { code: 'internal', message: errorCatalogue.internal.message });
  });
}

/**
 * Fastify's `clientErrorHandler`. Node's HTTP parser refuses some requests before Fastify sees them: a request line or
 * headers over `http.maxHeaderSize` (431), a malformed request (400), one that arrives too slowly (408). These get the
 * envelope too, written on the raw socket, with a fresh request id (the request never got one).
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'request.tooLarge'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request.timeout'
        : 'request.invalid';
  const { status, message } = errorCatalogue[code];
  const requestId = crypto.randomUUID();
  const body = JSON.stringify({ code, message, requestId } satisfies ErrorBody);
  this.log.info({ reqId: requestId, code: err.code }, 'refused a malformed request');
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(err);
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs — a URL that is not valid
 * percent-encoded UTF-8, a path parameter over `maxParamLength` — answered with the envelope (400 request.invalid).
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const requestId = String(req.id);
  const code: ErrorCode = (err.statusCode ?? 500) < 500 ? 'request.invalid' : 'internal';
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'params: a path parameter is too long'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'The URL is not valid percent-encoded UTF-8'
        : errorCatalogue[code].message;
  if (code === 'internal') req.log.error({ err }, 'router error');
  void reply
    .status(errorCatalogue[code].status)
    .header('X-Request-Id', requestId)
    .header('Cache-Control', 'no-store')
    .send({ code, message, requestId } satisfies ErrorBody);
}
