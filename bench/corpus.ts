import { runLoad, rotatingGet, summarize, type LoadResult } from './load';
import { sequentialClient } from './sequential';
import { CORPUS_CLASSES, CORPUS_TARGETS, type CorpusClass, type CorpusQuery } from './search-corpus';

export interface CorpusResult {
  target: string;
  cls: CorpusClass;
  queries: number;
  /** Every query once, one after another on one connection. */
  sequential: LoadResult;
  /** The class's queries in turn from `connections` connections. */
  concurrent: LoadResult;
}

/** Cycles through the list, so each send asks the next query. */
function cycle(paths: string[]): () => string {
  let i = 0;
  return () => paths[i++ % paths.length]!;
}

/**
 * Each route of CORPUS_TARGETS with each class of queries: every query once in sequence (a person
 * typing alone), then the class in turn at `connections` for `seconds` (a busy office).
 */
export async function runCorpus(options: {
  baseUrl: string;
  cookie: string;
  corpus: CorpusQuery[];
  connections: number;
  seconds: number;
  onResult?: (result: CorpusResult) => void;
}): Promise<CorpusResult[]> {
  const results: CorpusResult[] = [];
  const client = sequentialClient(options.baseUrl, options.cookie);
  try {
    for (const target of CORPUS_TARGETS) {
      for (const cls of CORPUS_CLASSES) {
        const paths = options.corpus.filter((c) => c.cls === cls).map((c) => target.path(c.q));
        if (paths.length === 0) continue;
        const started = performance.now();
        const run = await client.times(rotatingGet(cycle(paths)), paths.length, Number.POSITIVE_INFINITY);
        const non2xx = Object.entries(run.statusCodes).reduce((sum, [code, n]) => sum + (code.startsWith('2') ? 0 : n), 0);
        const sequential = summarize(run.times, (performance.now() - started) / 1000, { non2xx, errors: 0, statusCodes: run.statusCodes });
        const concurrent = await runLoad({
          baseUrl: options.baseUrl,
          cookie: options.cookie,
          requests: [rotatingGet(cycle(paths))],
          connections: options.connections,
          duration: options.seconds,
        });
        const result = { target: target.name, cls, queries: paths.length, sequential, concurrent };
        results.push(result);
        options.onResult?.(result);
      }
    }
  } finally {
    client.close();
  }
  return results;
}
