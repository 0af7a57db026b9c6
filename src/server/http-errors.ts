/** An error whose status and message are meant for the client. Anything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    // No stack: the error handler answers these and never logs them, and capturing one 20 frames
    // deep was a visible share of the server's CPU under a flood of requests without a session.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** PostgreSQL error codes the app turns into client errors. */
export const PG_UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a PostgreSQL error, looking through wrappers (Drizzle puts the driver error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e !== null && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * node-postgres errors that carry no code: the pool's connect timeout, a connection that ended under
 * a query, and any later query on that dead connection (e.g. the ROLLBACK of a transaction whose
 * connection was cut, which is the error a transaction then reports).
 */
const CONNECTION_LOST_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|is not queryable/i;

/** True when the database could not be reached or went away: the request may succeed later (503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e !== null && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57014', '57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGE.test(message)) return true;
  }
  return false;
}
