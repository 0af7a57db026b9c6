import crypto from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * A pass-through stream that measures what flows through it: the SHA-256 and byte count of the
 * bytes, and how many lines (COPY's text format ends every row with a newline and escapes any
 * newline inside a value, so lines are rows). Read `sha256`, `bytes` and `lines` once it has ended.
 */
export class Measure extends Transform {
  private readonly hash = crypto.createHash('sha256');
  bytes = 0;
  lines = 0;
  private digest: string | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) this.lines += 1;
    done(null, chunk);
  }

  get sha256(): string {
    this.digest ??= this.hash.digest('hex');
    return this.digest;
  }
}

export const sha256Of = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');
