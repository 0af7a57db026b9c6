import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, isDatabaseUnavailable, pgErrorCode } from '../http-errors';
import type { ErrorResponse } from '../../shared/contract/errors';

/** Fastify's own 4xx errors, reworded for a person. */
const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON (Content-Type: application/json)',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

/**
 * One error shape for every failure: { message, errors? }. Validation failures list each field's
 * message; 5xx answers carry no detail (only a request id to find the logged stack).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body');
        errors[field] ??= issue.message ?? 'Invalid value';
      }
      request.log.info({ errors }, 'validation failed');
      return reply.status(400).send({ message: Object.values(errors).join('; '), errors } satisfies ErrorResponse);
    }

    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({ message: err.message, ...(err.errors && { errors: err.errors }) });
    }

    // SQLSTATE class 22 (data exception): a value PostgreSQL cannot take, e.g. a NUL character in
    // text or a number out of range. The request was wrong, not the server.
    if (pgErrorCode(err)?.startsWith('22')) {
      request.log.info({ err }, 'value refused by the database');
      return reply.status(400).send({ message: 'The request contains a value that cannot be stored (for example a NUL character or a number out of range)' });
    }

    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'The database is unavailable. Try again in a few seconds.', requestId: request.id });
    }

    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      const message = FRIENDLY_MESSAGES[err.code] ?? (err instanceof SyntaxError ? FRIENDLY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : err.message);
      return reply.status(status).send({ message });
    }

    request.log.error({ err }, 'unexpected error');
    return reply.status(500).send({ message: 'Internal server error', requestId: request.id });
  });
}
