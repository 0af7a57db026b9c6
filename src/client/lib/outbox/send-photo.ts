import type { UploadResponse } from '@shared/contract/uploads';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/domain/idempotency';
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

/** A link about to expire is not used: a new one costs one request, a failed PUT the whole file. */
const LINK_MARGIN_MS = 60_000;
/** What POST /api/media answers when the upload is recorded already (its key's stored answer expired). */
const ALREADY_RECORDED = 'This upload is already recorded';

const noAnswer = (): Sent => ({ outcome: outcomeOf('no-answer'), error: 'No connection' });

async function refusal(res: Response): Promise<Sent> {
  const message = errorMessage(new Error(`${res.status}: ${(await res.text()) || res.statusText}`));
  return { outcome: outcomeOf(res.status, message), error: message };
}

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

/**
 * Sends a photo kept in the outbox, in the three steps of any upload (spec §7), each of them safe to
 * repeat: a link (POST /api/objects/upload; a new one when the kept one is about to expire or was
 * refused), the bytes (PUT, sent again whole if cut: the key is overwritten until it is recorded),
 * and the record (POST /api/media with the item's client id as Idempotency-Key, so a repeat whose
 * answer was lost returns the first record). `save` keeps each step's result on the device.
 */
export async function sendPhoto(item: OutboxItem, save: (upload: Upload | undefined) => Promise<void>): Promise<Sent> {
  const photo = item.photo!;
  let upload = photo.upload;

  for (let links = 0; !upload?.stored; links++) {
    if (!upload || Date.parse(upload.expiresAt) - Date.now() < LINK_MARGIN_MS) {
      const res = await postJson(apiPaths.uploadUrl, { filename: photo.filename, size: photo.blob.size, contentType: photo.blob.type || undefined });
      if (!res) return noAnswer();
      if (!res.ok) return refusal(res);
      const link = (await res.json()) as UploadResponse;
      upload = { key: link.key, url: link.uploadURL, headers: link.headers, expiresAt: link.expiresAt, stored: false };
      await save(upload);
    }
    const res = await attempt(upload.url, { method: 'PUT', credentials: 'same-origin', headers: upload.headers, body: photo.blob });
    if (!res) return noAnswer();
    // Recorded by an earlier run whose answer was lost: the record step below returns it.
    if (res.ok || res.status === 409) {
      upload = { ...upload, stored: true };
      await save(upload);
    } else if (res.status === 403 && links === 0) {
      upload = undefined; // expired or no longer valid: one new link, then the file again
    } else {
      return refusal(res);
    }
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
