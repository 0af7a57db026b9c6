import http from 'node:http';
import type { Request } from 'autocannon';
import { summarize, type LoadResult } from './load';

export interface UsersOptions {
  baseUrl: string;
  cookie: string;
  /** Built afresh for every send, as autocannon does (e.g. a weightedMix). */
  request: Request;
  /** Each user has one connection of its own (keep-alive) and at most one request in flight. */
  users: number;
  seconds: number;
  /** After each answer a user waits a random time in this range (ms) before its next request. */
  thinkMs: readonly [number, number];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Load as people make it: `users` clients that each send a request, read the whole answer, think,
 * and send the next. Unlike a closed loop at full speed (runLoad), response times then measure the
 * server at that load rather than the length of its queue. The requests are autocannon Request
 * objects, so the bench's scenarios and mixes (with their onResponse bookkeeping) work unchanged.
 */
export async function runUsers(options: UsersOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.users });
  const { origin } = new URL(options.baseUrl);
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  const think = () => options.thinkMs[0] + Math.random() * (options.thinkMs[1] - options.thinkMs[0]);
  const started = performance.now();
  const end = started + options.seconds * 1000;

  const user = async () => {
    const context: Record<string, unknown> = {};
    // Users start spread over one think time, so they do not all send at the same moment.
    await sleep(Math.random() * options.thinkMs[1]);
    while (performance.now() < end) {
      const base: Request = { method: 'GET', path: '/', headers: { cookie: options.cookie } };
      const built = options.request.setupRequest ? options.request.setupRequest(base, context) : { ...base, ...options.request };
      const sentAt = performance.now();
      try {
        const answer = await send(agent, origin, built);
        latencies.push(performance.now() - sentAt);
        statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
        if (answer.status < 200 || answer.status > 299) non2xx++;
        options.request.onResponse?.(answer.status, answer.body, context, answer.headers);
      } catch {
        errors++;
      }
      await sleep(think());
    }
  };
  await Promise.all(Array.from({ length: options.users }, user));
  agent.destroy();
  return summarize(latencies, (performance.now() - started) / 1000, { non2xx, errors, statusCodes });
}

function send(agent: http.Agent, origin: string, request: Request): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(request.path ?? '/', origin), { method: request.method ?? 'GET', headers: request.headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers as Record<string, string> }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(request.body);
  });
}
