import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_KEY_IN_PROGRESS,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '../../shared/domain/idempotency';
import type { AppContext } from '../app-context';
import type { InTransaction, Tx } from '../db/actor';
import { JSON_CONTENT_TYPE } from '../db/json-rows';
import { badRequest, HttpError } from '../http-errors';
import { schedulePeriodic } from '../jobs/periodic';
import { idempotencyKeysRepo, type KeyOwner, type RequestFingerprint } from './idempotency-keys.repo';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an Idempotency-Key header (ADR 028): a repeat gets the original answer. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs; null when it sent none or replays an answer. */
    idempotencyClaim: KeyOwner | null;
    /** True once the answer is kept in the write's own transaction (keepAnswer): onSend has nothing to store. */
    idempotencyAnswerKept: boolean;
  }
  interface FastifyReply {
    /**
     * What an idempotent route passes to its write's transaction (db/actor.ts InTransaction), so the
     * answer is kept with the record it announces: a process that dies just after the commit leaves
     * a key whose repeat gets that answer, never a second record. `answerOf` names the answer the
     * route is about to send for what the write made, or undefined when it made nothing (a refusal,
     * an existing record found again): that answer is kept after it is sent, as it writes nothing.
     * Undefined when the request holds no key.
     */
    keepAnswer<T>(answerOf: AnswerOf<T>): InTransaction<T> | undefined;
  }
}

/** The status and body (before serialising) a route answers for what its write made. */
export type AnswerOf<T> = (made: T, tx: Tx) => { statusCode: number; body: unknown } | undefined | Promise<{ statusCode: number; body: unknown } | undefined>;

/** Create answers are a few KB; a larger one is not kept (the key then protects nothing, and says so in the log). */
export const IDEMPOTENCY_MAX_RESPONSE_BYTES = 64 * 1024;
/** How long a repeat waits for the first request with its key to finish before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
const POLL_MS = 50;
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 60_000;

/** JSON with every object's keys sorted, so the same body hashes the same whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprintOf(request: FastifyRequest): RequestFingerprint {
  return {
    method: request.method,
    path: request.url,
    // The validated body: what the route acts on, whatever spacing or extra fields the client sent.
    requestHash: crypto.createHash('sha256').update(canonicalJson(request.body)).digest('hex'),
  };
}

const sameRequest = (a: RequestFingerprint, b: RequestFingerprint) => a.method === b.method && a.path === b.path && a.requestHash === b.requestHash;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Idempotent writes (ADR 028). A route with `config: { idempotent: true }` accepts an optional
 * Idempotency-Key header. The first request with a key claims it (one row per user and key, so of
 * two racing requests one writes and the other waits); its answer, if successful, is kept; a repeat
 * of the same request gets that answer again (same status and body, plus Idempotent-Replayed: true)
 * and writes nothing. The same key with another method, path or body is a 422. A failed request (4xx
 * or 5xx) frees the key: nothing was written, and the client may fix the request and send it again.
 * Keys are the user's own: another user's key of the same value is a different key.
 *
 * A write's answer is kept in the write's own transaction (each route passes `reply.keepAnswer(…)` to
 * it), so a process that dies between the commit and the answer cannot leave a record whose claim a
 * repeat later takes over and writes again. An answer that wrote nothing is kept as it is sent.
 *
 * Root-level hooks, registered after the access checks: a key is looked at only once the user may
 * make the request and its body is valid, and the answer is kept before compression (route-level).
 */
export function registerIdempotency(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'now' | 'config'>): void {
  const repo = idempotencyKeysRepo(ctx.db);
  // A claim older than the longest a request may take belongs to a process that died mid-request.
  const abandonedAfterMs = ctx.config.http.requestTimeoutMs + 30_000;
  app.decorateRequest('idempotencyClaim', null);
  app.decorateRequest('idempotencyAnswerKept', false);

  app.decorateReply('keepAnswer', function <T>(this: FastifyReply, answerOf: AnswerOf<T>): InTransaction<T> | undefined {
    const owner = this.request.idempotencyClaim;
    if (!owner) return undefined;
    return async (tx, made) => {
      const answer = await answerOf(made, tx);
      if (!answer) return;
      // The route's own serialiser for that status, as send() will use it: the bytes the client gets.
      const statusBefore = this.statusCode;
      let responseBody: string;
      try {
        this.code(answer.statusCode);
        responseBody = this.serialize(answer.body) as string;
      } finally {
        this.code(statusBefore);
      }
      // Too large to keep: onSend frees the key, as for any such answer.
      if (Buffer.byteLength(responseBody) > IDEMPOTENCY_MAX_RESPONSE_BYTES) return;
      const contentType = this.getHeader('content-type');
      const answerKept = { statusCode: answer.statusCode, contentType: typeof contentType === 'string' ? contentType : JSON_CONTENT_TYPE, responseBody };
      // Another request took the claim over and kept its answer first: this write is rolled back,
      // so the key's one record stays one, and the client's retry gets that answer.
      if (!(await idempotencyKeysRepo(tx).complete(owner, answerKept, ctx.now()))) {
        throw new HttpError(409, IDEMPOTENCY_KEY_IN_PROGRESS, undefined, { 'retry-after': '1' });
      }
      this.request.idempotencyAnswerKept = true;
    };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent || !request.user) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_KEY_INVALID);
    const owner: KeyOwner = { userId: request.user.id, key };
    const fingerprint = fingerprintOf(request);
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      if (await repo.claim(owner, fingerprint, ctx.now())) {
        request.idempotencyClaim = owner;
        return;
      }
      const stored = await repo.find(owner);
      if (!stored) continue; // freed by a failed first request in the meantime: claim it now
      if (!sameRequest(stored, fingerprint)) throw new HttpError(422, IDEMPOTENCY_KEY_REUSED);
      if (stored.statusCode !== null) return replay(reply, stored.statusCode, stored.contentType, stored.responseBody ?? '');
      const now = ctx.now();
      if (stored.createdAt.getTime() < now.getTime() - abandonedAfterMs && (await repo.takeOver(owner, new Date(now.getTime() - abandonedAfterMs), now))) {
        request.idempotencyClaim = owner;
        return;
      }
      if (Date.now() >= deadline) throw new HttpError(409, IDEMPOTENCY_KEY_IN_PROGRESS, undefined, { 'retry-after': '1' });
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owner = request.idempotencyClaim;
    if (!owner) return payload;
    request.idempotencyClaim = null;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    // Kept with the write (keepAnswer). A failure after keeping it means the transaction rolled back,
    // answer and all: the key is freed below like any failed request's.
    if (ok && request.idempotencyAnswerKept) return payload;
    const keepable = typeof payload === 'string' && Buffer.byteLength(payload) <= IDEMPOTENCY_MAX_RESPONSE_BYTES;
    try {
      if (ok && keepable) {
        const contentType = reply.getHeader('content-type');
        await repo.complete(owner, { statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, responseBody: payload }, ctx.now());
      } else {
        if (ok) request.log.warn({ statusCode: reply.statusCode }, 'an idempotent answer too large to keep: the key was freed');
        await repo.release(owner);
      }
    } catch (err) {
      // Only answers of requests that wrote nothing (an existing record found again) are kept here,
      // so a repeat that takes the abandoned claim over writes nothing either.
      request.log.error({ err }, 'could not keep the answer of an idempotent request');
    }
    return payload;
  });

  // A request that ended without an answer (the client went away mid-handler) frees its key.
  app.addHook('onResponse', async (request) => {
    const owner = request.idempotencyClaim;
    if (!owner) return;
    request.idempotencyClaim = null;
    await repo.release(owner).catch((err: unknown) => request.log.error({ err }, 'could not free an idempotency key'));
  });

  schedulePeriodic(app, 'pruning expired idempotency keys', IDEMPOTENCY_PRUNE_INTERVAL_MS, () => pruneExpiredIdempotencyKeys(ctx.db, ctx.now()));
}

/** Drops the keys claimed more than IDEMPOTENCY_KEY_TTL_MS ago (the periodic job); answers how many. */
export function pruneExpiredIdempotencyKeys(db: AppContext['db'], now: Date): Promise<number> {
  return idempotencyKeysRepo(db).prune(new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS));
}

function replay(reply: FastifyReply, statusCode: number, contentType: string | null, body: string): FastifyReply {
  reply.code(statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (contentType) reply.header('content-type', contentType);
  return reply.send(body);
}
