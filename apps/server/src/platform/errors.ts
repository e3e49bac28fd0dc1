import { errorCatalogue, type ErrorBody, type ErrorCode, type FieldIssue } from '@portal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
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
