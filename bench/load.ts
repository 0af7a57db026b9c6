import autocannon, { type Request } from 'autocannon';

/** Figures of one load run. Latencies are in milliseconds, from every response (not sampled). */
export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
}

export interface LoadOptions {
  baseUrl: string;
  cookie: string;
  requests: Request[];
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration?: number;
  amount?: number;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: number[]) => percentile(Float64Array.from(values).sort(), 50);

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Drives the server with autocannon. Each connection cycles through `requests` in order (a request
 * with setupRequest is rebuilt before every send). Every response time is kept, so p95 is exact
 * (autocannon's own histogram has no p95).
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  return startLoad(options).result;
}

/** runLoad that the caller may also end early (`stop`), e.g. when what it runs beside is done. */
export function startLoad(options: LoadOptions): { stop(): void; result: Promise<LoadResult> } {
  const latencies: number[] = [];
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
    timeout: 30,
    headers: { cookie: options.cookie },
    requests: options.requests,
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = Promise.resolve(instance).then((done) => {
    const statusCodes = Object.fromEntries(Object.entries(done.statusCodeStats).map(([code, { count }]) => [code, Number(count)]));
    return summarize(latencies, done.duration, { non2xx: done.non2xx, errors: done.errors + done.timeouts, statusCodes });
  });
  return { stop: () => instance.stop(), result };
}

/** A LoadResult from every response time of a run that lasted `seconds`. */
export function summarize(latencies: number[], seconds: number, counts: Pick<LoadResult, 'non2xx' | 'errors' | 'statusCodes'>): LoadResult {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    rps: round(latencies.length / seconds, 1),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    ...counts,
  };
}

/** A JSON POST whose body is made fresh for every send. */
export function jsonPost(path: string, body: () => unknown, onResponse?: Request['onResponse']): Request {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
    onResponse,
  };
}

/** A GET whose path is chosen for every send (e.g. rotating through ids). */
export function rotatingGet(path: () => string): Request {
  return { method: 'GET', setupRequest: (request) => ({ ...request, path: path() }) };
}

/** Response times in milliseconds of a weighted mix, per entry name (see weightedMix). */
export type MixTimings = Map<string, number[]>;

/**
 * One request that becomes, at every send, one of `entries` picked at random by weight, so every
 * connection runs the same mix from its first request (a fixed cycle would start all connections
 * on the same entry). Each pick's own setupRequest and onResponse are used. Entries with a name
 * have their response times added to `timings` under it (from building the request, just before
 * it is written, to its answer).
 */
export function weightedMix(entries: ReadonlyArray<readonly [Request, number, string?]>, timings?: MixTimings): Request {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const entry of entries) if ((r -= entry[1]) < 0) return entry;
    return entries[entries.length - 1]!;
  };
  return {
    setupRequest: (base, context) => {
      const [chosen, , name] = pick();
      Object.assign(context, { chosen, chosenName: name, sentAt: performance.now() });
      const request = { ...base, method: chosen.method ?? 'GET', path: chosen.path ?? base.path, headers: { ...base.headers, ...chosen.headers }, body: chosen.body };
      return chosen.setupRequest ? chosen.setupRequest(request, context) : request;
    },
    onResponse: (status, body, context, headers) => {
      const name = context.chosenName as string | undefined;
      if (timings && name) {
        const times = timings.get(name) ?? [];
        times.push(performance.now() - (context.sentAt as number));
        timings.set(name, times);
      }
      (context.chosen as Request | undefined)?.onResponse?.(status, body, context, headers);
    },
  };
}

/** One kind of request in a mixed run: how many were answered and their latency in ms. */
export interface MixLatency {
  name: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

/** p50/p95/p99 of each entry of a mix, slowest p95 first. */
export function latencyByName(timings: MixTimings): MixLatency[] {
  return [...timings]
    .map(([name, times]) => {
      const sorted = Float64Array.from(times).sort();
      return { name, count: times.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
    })
    .sort((a, b) => b.p95 - a.p95);
}
