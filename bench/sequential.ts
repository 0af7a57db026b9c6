import net from 'node:net';
import type { Request } from 'autocannon';

/** Response times of requests sent one after another, and how many answered with each status. */
export interface SequentialTimes {
  times: number[];
  statusCodes: Record<string, number>;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Sends requests one after another on one kept-alive connection and times each in this process, from
 * the write to the last byte of the body: the same clock and the same one-connection, one-at-a-time
 * shape as database.ts sqlTimes() gives the SQL side of the app-vs-SQL comparison.
 *
 * HTTP/1.1 written and read straight on the socket, as `pg` speaks its protocol, so the client adds
 * as little as the driver does. Measured by-id p50 on a 2-core VM: this 0.25 ms; node:http's client
 * 0.31 ms, even warm; autocannon, which opens a new connection per run, 0.5 ms in runs of 200
 * (the first few hundred requests of a connection are slow), so short alternating runs would time
 * mostly start-up.
 */
export function sequentialClient(baseUrl: string, cookie: string) {
  const { hostname, port } = new URL(baseUrl);
  let socket: net.Socket | undefined;
  let pending: { resolve: (status: number) => void; reject: (error: Error) => void } | undefined;
  let received: Buffer = Buffer.alloc(0);

  // The answer is complete once its head and Content-Length bytes of body are in.
  const onData = (chunk: Buffer) => {
    received = received.length ? Buffer.concat([received, chunk]) : chunk;
    const headEnd = received.indexOf(HEAD_END);
    if (headEnd < 0 || !pending) return;
    const head = received.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      const failed = pending;
      pending = undefined;
      failed.reject(new Error(`The answer has no Content-Length (the bench reads only those): ${head.split('\r\n')[0]}`));
      return;
    }
    const end = headEnd + HEAD_END.length + Number(length[1]);
    if (received.length < end) return;
    received = received.subarray(end);
    const done = pending;
    pending = undefined;
    done.resolve(Number(head.slice(9, 12)));
  };

  const connect = () =>
    new Promise<net.Socket>((resolve, reject) => {
      const opened = net.connect({ host: hostname, port: Number(port), noDelay: true }, () => resolve(opened));
      opened.on('data', onData);
      opened.on('error', (error) => (pending ? pending.reject(error) : reject(error)));
      opened.on('close', () => {
        socket = undefined;
        pending?.reject(new Error('The server closed the connection'));
      });
    });

  const send = async (request: Request): Promise<number> => {
    const built = request.setupRequest ? request.setupRequest({ ...request }, {}) : request;
    socket ??= await connect();
    const body = built.body ?? '';
    const headers = { host: `${hostname}:${port}`, cookie, ...built.headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) };
    const head = `${built.method ?? 'GET'} ${built.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
    return new Promise<number>((resolve, reject) => {
      pending = { resolve, reject };
      socket!.write(body ? Buffer.concat([Buffer.from(head), Buffer.from(body)]) : head);
    });
  };

  return {
    /** Each response time (ms) of `runs` requests, or of as many as `seconds` allow. */
    async times(request: Request, runs: number, seconds: number): Promise<SequentialTimes> {
      const times: number[] = [];
      const statusCodes: Record<string, number> = {};
      const deadline = performance.now() + seconds * 1000;
      while (times.length < runs && performance.now() < deadline) {
        const started = performance.now();
        const status = await send(request);
        times.push(performance.now() - started);
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      }
      return { times, statusCodes };
    },
    close: () => socket?.destroy(),
  };
}
