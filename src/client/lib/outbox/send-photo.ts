import type { UploadResponse } from '@shared/contract/uploads';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/domain/idempotency';
import { UPLOAD_PIECE_MISSING_MESSAGE } from '@shared/domain/uploads';
import type { OutboxItem, OutboxPhoto } from '@/lib/offline/device-db';
import { apiPaths } from '@/lib/api-paths';
import { errorMessage, isNetworkError } from '@/lib/api-errors';
import { outcomeOf, type Outcome } from './outcome';

export interface Sent {
  outcome: Outcome;
  error?: string;
  /** The server's answer to a create that went through (a parent's id for its children). */
  answer?: unknown;
}

type Upload = NonNullable<OutboxPhoto['upload']>;

/** A link about to expire is not used: a new one costs one request, a refused PUT a piece. */
const LINK_MARGIN_MS = 60_000;
/** What POST /api/media answers when the upload is recorded already (its key's stored answer expired). */
const ALREADY_RECORDED = 'This upload is already recorded';

const noAnswer = (): Sent => ({ outcome: outcomeOf('no-answer'), error: 'No connection' });

/** One request; null when no answer came (offline, or the connection dropped). */
async function attempt(url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (isNetworkError(error)) return null;
    throw error;
  }
}

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  attempt(url, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** What the server said, with the message read once. */
async function answered(res: Response): Promise<{ status: number; message: string; sent: Sent }> {
  const message = errorMessage(new Error(`${res.status}: ${(await res.text()) || res.statusText}`));
  return { status: res.status, message, sent: { outcome: outcomeOf(res.status, message), error: message } };
}

const refusal = async (res: Response): Promise<Sent> => (await answered(res)).sent;

/** Links asked for again, and pieces sent again from the start, before a run gives up on a photo. */
const MAX_SETBACKS = 3;

/**
 * Sends a photo kept in the outbox, in the three steps of any upload (spec §7), each of them safe to
 * repeat, saving its progress on the device (`save`) after every step:
 * 1. a resumable link (POST /api/objects/upload, ADR 030); one about to expire, or refused, is asked
 *    for again for the same key, so the pieces already sent still count (a key the server no longer
 *    continues starts a new upload);
 * 2. the bytes, a piece at a time (Content-Range), from the first piece the server has not answered:
 *    a connection cut in a basement costs one piece, not the file;
 * 3. the record (POST /api/media with the item's client id as Idempotency-Key, so a repeat whose
 *    answer was lost returns the first record).
 */
export async function sendPhoto(item: OutboxItem, save: (upload: Upload | undefined) => Promise<void>): Promise<Sent> {
  const photo = item.photo!;
  const size = photo.blob.size;
  let upload = photo.upload;
  let setbacks = 0;
  const keep = async (next: Upload | undefined) => {
    upload = next;
    await save(next);
  };

  while (!upload?.stored) {
    if (!upload || Date.parse(upload.expiresAt) - Date.now() < LINK_MARGIN_MS) {
      const resume = upload?.pieceSize && upload.sent ? upload.key : undefined;
      const res = await postJson(apiPaths.uploadUrl, { filename: photo.filename, size, contentType: photo.blob.type || undefined, resumable: true, key: resume });
      if (!res) return noAnswer();
      if (res.status === 409 && resume && ++setbacks <= MAX_SETBACKS) {
        await keep(undefined); // recorded, cleaned up or no longer resumable: a new upload
        continue;
      }
      if (!res.ok) return refusal(res);
      const link = (await res.json()) as UploadResponse;
      const sent = link.key === resume ? upload!.sent : 0;
      await keep({ key: link.key, url: link.uploadURL, headers: link.headers, expiresAt: link.expiresAt, stored: false, sent, pieceSize: link.pieceSize });
    }
    const { url, headers, pieceSize } = upload!;
    const first = pieceSize ? (upload!.sent ?? 0) : 0;
    const last = pieceSize ? Math.min(first + pieceSize, size) - 1 : size - 1;
    const range: Record<string, string> = pieceSize ? { 'Content-Range': `bytes ${first}-${last}/${size}` } : {};
    const res = await attempt(url, { method: 'PUT', credentials: 'same-origin', headers: { ...headers, ...range }, body: photo.blob.slice(first, last + 1) });
    if (!res) return noAnswer();
    if (res.status === 202) {
      await keep({ ...upload!, sent: last + 1 });
      continue;
    }
    // 409 "already recorded": an earlier run's record went through and its answer was lost; the record step returns it.
    if (res.ok) {
      await keep({ ...upload!, stored: true });
      continue;
    }
    const { status, message, sent } = await answered(res);
    if (status === 409 && message === ALREADY_RECORDED) await keep({ ...upload!, stored: true });
    else if (status === 409 && message === UPLOAD_PIECE_MISSING_MESSAGE && ++setbacks <= MAX_SETBACKS) await keep({ ...upload!, sent: 0 });
    // Expired, or no longer valid: ask for the link again (the same key when it can go on).
    else if (status === 403 && ++setbacks <= MAX_SETBACKS) await keep({ ...upload!, expiresAt: new Date(0).toISOString() });
    else return sent;
  }

  const res = await postJson(apiPaths.media, { ...item.body, key: upload.key }, { [IDEMPOTENCY_KEY_HEADER]: item.clientId });
  if (!res) return noAnswer();
  if (res.ok) return { outcome: 'sent', answer: await res.json() };
  const sent = await refusal(res);
  if (res.status === 409 && sent.error === ALREADY_RECORDED) return { outcome: 'sent' };
  // Refused for good (the owner was deleted, the upload was cleaned up): Retry starts from a new upload.
  if (sent.outcome === 'failed') await save(undefined);
  return sent;
}
