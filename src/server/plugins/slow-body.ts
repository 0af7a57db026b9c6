import type { FastifyInstance } from 'fastify';
import { LOCAL_UPLOAD_ROUTE } from '../modules/uploads/local-upload';

const TIMEOUT_BODY = JSON.stringify({ message: 'The request body took too long to arrive. Check the connection and try again.' });
const TIMEOUT_RESPONSE =
  'HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n' +
  `content-length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`;

/**
 * A JSON body (at most 1 MiB) must arrive within `timeoutMs` of its headers, or the connection is
 * answered 408 and closed: a client trickling a body byte by byte (or stalling half-way) must not hold
 * a connection and a request slot. Node's own requestTimeout bounds every request, the upload PUT
 * included, whose 10 MB may take minutes on poor signal; this is the tighter bound for the rest.
 */
export function registerSlowBodyCutoff(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody || request.routeOptions.url === LOCAL_UPLOAD_ROUTE) return done();
    const socket = request.raw.socket;
    // inject() (tests) has no real socket to cut.
    if (typeof socket?.end !== 'function') return done();
    const timer = setTimeout(() => {
      request.log.warn({ timeoutMs }, 'request body too slow: connection closed');
      socket.end(TIMEOUT_RESPONSE);
      socket.destroySoon();
    }, timeoutMs);
    timer.unref();
    // The body has been read once validation starts; a request that ends sooner (refused early) too.
    const clear = () => clearTimeout(timer);
    request.raw.once('end', clear);
    request.raw.once('close', clear);
    done();
  });
}
