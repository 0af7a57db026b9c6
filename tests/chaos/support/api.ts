import crypto from 'node:crypto';
import http from 'node:http';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Milliseconds from sending to the whole body read. */
  ms: number;
  json<T = unknown>(): T;
}

/**
 * The app's HTTP API as a browser uses it: JSON bodies and the session cookie. Connection errors
 * (refused, reset) reject; every HTTP answer resolves, whatever its status.
 */
export class ApiClient {
  constructor(
    /** Changes when the app under test restarts on another port. */
    public baseUrl: string,
    public cookie = '',
  ) {}

  /** The same session against another process of the app. */
  on(baseUrl: string): ApiClient {
    return new ApiClient(baseUrl, this.cookie);
  }

  async request(method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<Reply> {
    const started = performance.now();
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(this.cookie && { cookie: this.cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      ms: performance.now() - started,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  get = (path: string, timeoutMs?: number) => this.request('GET', path, undefined, timeoutMs);
  post = (path: string, body: unknown, timeoutMs?: number) => this.request('POST', path, body, timeoutMs);

  /** POST that must answer `status`; returns the parsed body. */
  async create<T>(path: string, body: unknown, status = 201): Promise<T> {
    const reply = await this.post(path, body);
    if (reply.status !== status) throw new Error(`POST ${path} answered ${reply.status}: ${reply.text.slice(0, 500)}`);
    return reply.json<T>();
  }

  /** Registers a new user; the registration signs in, so this client then carries the session. */
  async register(): Promise<{ id: string; username: string; password: string }> {
    const username = `chaos_${crypto.randomBytes(4).toString('hex')}`;
    const password = 'correct horse battery staple';
    const reply = await this.post('/api/register', { fullName: 'Chaos Tester', username, password, email: '', role: 'surveyor' });
    if (reply.status !== 201) throw new Error(`register answered ${reply.status}: ${reply.text}`);
    this.cookie = sessionCookieOf(reply.headers);
    return { id: reply.json<{ id: string }>().id, username, password };
  }

  async signIn(username: string, password: string): Promise<void> {
    const reply = await this.post('/api/login', { username, password });
    if (reply.status !== 200) throw new Error(`sign-in answered ${reply.status}: ${reply.text}`);
    this.cookie = sessionCookieOf(reply.headers);
  }
}

function sessionCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => /^(__Host-)?sid=./.test(c));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie;
}

/**
 * A GET on a connection of its own (no keep-alive pool), for what a new client sees: the status, or
 * the connection error's code (ECONNREFUSED once the listener is closed).
 */
export function getOnNewConnection(url: string, cookie = ''): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: cookie ? { cookie } : {}, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` for each item with at most `concurrency` running at once. */
export async function forEachConcurrently<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
