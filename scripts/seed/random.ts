/**
 * A small seeded random source, so `--seed N` gives the same estate every time (same ids, names,
 * conditions and dates relative to the run's "now"). sfc32: fast, good enough for test data, not
 * for anything secret.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 16; i++) this.next();
  }

  /** A uint32. */
  private next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** In [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** One of the entries, chosen with probability proportional to its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.float() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** A version-4 UUID from this source (deterministic, unlike crypto.randomUUID). */
  uuid(): string {
    const hex = [this.next(), this.next(), this.next(), this.next()].map((n) => n.toString(16).padStart(8, '0')).join('');
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** Upper-case letters and digits, like a manufacturer's serial. */
  alnum(length: number): string {
    const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
    let s = '';
    for (let i = 0; i < length; i++) s += chars[Math.floor(this.float() * chars.length)];
    return s;
  }

  digits(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += String(Math.floor(this.float() * 10));
    return s;
  }
}

/** Splits `total` items over `parents` so each gets at least one and the counts vary a little. */
export function spread(random: Random, total: number, parents: number): number[] {
  const counts = new Array<number>(parents).fill(1);
  let left = total - parents;
  // Weights between 0.5 and 1.5 make some sites bigger than others, as real estates are.
  const weights = counts.map(() => 0.5 + random.float());
  const sum = weights.reduce((s, w) => s + w, 0);
  for (let i = 0; i < parents && left > 0; i++) {
    const extra = Math.min(left, Math.floor(((total - parents) * weights[i]!) / sum));
    counts[i]! += extra;
    left -= extra;
  }
  for (let i = 0; left > 0; i = (i + 1) % parents, left--) counts[i]! += 1;
  return counts;
}

export const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a time in ms. */
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * `count` strictly increasing whole-millisecond times in [start, end), a little denser towards the
 * end (an estate's register grows). Sorted, so codes given in this order follow creation time.
 */
export function increasingTimes(random: Random, count: number, start: number, end: number): Float64Array {
  const times = new Float64Array(count);
  const span = end - start;
  let previous = start - 1;
  for (let i = 0; i < count; i++) {
    const t = Math.max(previous + 1, Math.floor(start + span * ((i + random.float()) / count) ** 0.8));
    times[i] = t;
    previous = t;
  }
  return times;
}

/** How many of the sorted `times` are before `t` (binary search). */
export function countBefore(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
