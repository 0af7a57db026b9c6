import type { Request } from 'autocannon';
import { SEARCH_TERMS } from '../scripts/seed/vocabulary';
import { memoryOf } from './exports';
import { weightedMix, type MixTimings } from './load';
import type { ReadScenario } from './scenarios';
import type { Writes } from './writes';

/**
 * RELIABILITY.md REL-LOAD-1's mix without its export share (an export over a large register takes
 * seconds, so callers add exports separately): 60 % list/search/detail reads, with 5 % more of them
 * in place of exports, 10 % dashboard, 25 % creates. Each send draws one request at random by weight.
 */
export function mixedWorkload(
  scenarios: ReadScenario[],
  writes: Writes,
  options: { withoutSearch?: boolean; timings?: MixTimings } = {},
): Request {
  const pick = (name: string) => {
    const found = scenarios.find((s) => s.name.startsWith(name));
    if (!found) throw new Error(`no read scenario named ${name}`);
    return found.request;
  };
  const lists = scenarios.filter((s) => s.group === 'list').map((s) => s.request);
  return weightedMix(
    [
      ...lists.map((r) => [r, 4, 'asset list'] as const),
      [pick('GET /api/assets/{id}'), 25, 'asset by id'],
      // Without search shows what the rest of the app does when global search is not in the mix.
      ...(options.withoutSearch
        ? [[pick('GET /api/assets/{id}'), 10, 'asset by id'] as const]
        : ([
            [pick('GET /api/search?q=' + SEARCH_TERMS.common), 2, 'global search'],
            [pick('GET /api/search?q=' + SEARCH_TERMS.rare), 4, 'global search'],
            [pick('GET /api/search?q=' + SEARCH_TERMS.typo), 4, 'global search'],
          ] as const)),
      [pick('GET /api/actions'), 6, 'actions list'],
      [pick('GET /api/dashboard/stats'), 10, 'dashboard'],
      [writes.createAsset(), 15, 'create asset'],
      [writes.createReading(), 10, 'create reading'],
    ],
    options.timings,
  );
}

export interface RssSample {
  /** Seconds since sampling started. */
  t: number;
  mb: number;
}

export interface RssSummary {
  samples: RssSample[];
  firstMb: number;
  lastMb: number;
}

/**
 * Samples a process's resident memory (VmRSS) every second. `stop` gives the average of the first
 * and of the last `windowSeconds` of the run: flat memory means the two are close.
 */
export function sampleRss(pid: number, windowSeconds = 10): { stop(): RssSummary } {
  const samples: RssSample[] = [];
  const started = Date.now();
  const timer = setInterval(() => samples.push({ t: (Date.now() - started) / 1000, mb: memoryOf(pid, 'VmRSS') }), 1_000);
  return {
    stop() {
      clearInterval(timer);
      const end = (Date.now() - started) / 1000;
      const avg = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length));
      return {
        samples,
        firstMb: avg(samples.filter((s) => s.t <= windowSeconds).map((s) => s.mb)),
        lastMb: avg(samples.filter((s) => s.t > end - windowSeconds).map((s) => s.mb)),
      };
    },
  };
}
