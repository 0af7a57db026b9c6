import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

/**
 * Slow and stalled clients over a real socket (inject() has no socket to stall): a trickled JSON body
 * is cut after HTTP_BODY_TIMEOUT_SECONDS, stalled headers after HTTP_HEADERS_TIMEOUT_SECONDS, any
 * request (the upload PUT included) after HTTP_REQUEST_TIMEOUT_SECONDS.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { HTTP_BODY_TIMEOUT_SECONDS: '1', HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '3' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

/** Sends `head` (and then nothing more), and resolves with what the server wrote and when it closed. */
function stall(head: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - started }));
    // A connection still open after 10 s was never cut.
    setTimeout(() => socket.destroy(new Error('the server kept the stalled connection open')), 10_000).unref();
  });
}

describe('slow clients', () => {
  it('cuts a JSON body that stalls half-way with 408 after the body timeout', async () => {
    const head =
      'POST /api/login HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"username":';
    const { answer, closedAfterMs } = await stall(head);
    console.log(`slow-body: a stalled 100-byte login body was cut after ${Math.round(closedAfterMs)} ms (HTTP_BODY_TIMEOUT_SECONDS=1)`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"message":"The request body took too long to arrive');
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('cuts a request whose headers never finish', async () => {
    const { answer, closedAfterMs } = await stall('GET /api/health HTTP/1.1\r\nhost: localhost\r\nx-slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 |^$/);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it('cuts a stalled upload body after the request timeout', async () => {
    const head =
      'PUT /api/objects/local/uploads/00000000-0000-4000-8000-000000000000 HTTP/1.1\r\nhost: localhost\r\n' +
      'content-type: image/jpeg\r\ncontent-length: 5000000\r\n\r\n\xff\xd8\xff';
    const { closedAfterMs } = await stall(head);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(8_000);
  });

  it('still serves a body that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody_here', password: 'wrong password here' }),
    });
    expect(res.status).toBe(401);
  });
});
