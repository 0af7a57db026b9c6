import crypto from 'node:crypto';
import { promisify } from 'node:util';

/**
 * Password hashing with scrypt at the OWASP minimum (N=2^17, r=8, p=1), a 16-byte salt per hash,
 * stored self-describing as scrypt$N$r$p$salt$hash so parameters can be raised later.
 * scrypt runs on libuv's thread pool, off the event loop.
 */
const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
// scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that.
const maxmemFor = (n: number, r: number) => 128 * n * r + 16 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, saltB64, hashB64] = stored.split('$');
  if (algorithm !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    ...params,
    maxmem: maxmemFor(params.N, params.r),
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A real hash to verify against when the username is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export function hashForUnknownUser(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash;
}
