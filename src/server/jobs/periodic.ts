import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `intervalMs` while the server runs (the first run one interval after start, or
 * `firstRunAfterMs`), never two runs of it at once in this process; closing the server waits for a
 * run in progress. Tasks that must not run on several app processes at once take a PostgreSQL
 * advisory lock themselves. A failed run is logged and the next one tries again.
 */
export function schedulePeriodic(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  options: { firstRunAfterMs?: number } = {},
): void {
  let running: Promise<unknown> | undefined;
  const timers: NodeJS.Timeout[] = [];
  const run = () => {
    if (running) return;
    running = task()
      .catch((err: unknown) => app.log.warn({ err, job: name }, `${name} failed`))
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', async () => {
    if (options.firstRunAfterMs !== undefined) timers.push(setTimeout(run, options.firstRunAfterMs));
    timers.push(setInterval(run, intervalMs));
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    await running;
  });
}
