import { Readable } from 'node:stream';
import {
  MAX_UPLOAD_PIECES,
  UPLOAD_PIECE_BYTES,
  UPLOAD_PIECE_MISSING_MESSAGE,
  UPLOAD_PIECE_RANGE_MESSAGE,
  UPLOAD_PIECE_SHORT_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '../../../shared/domain/uploads';
import type { ObjectStorage } from '../../storage';
import { badRequest, conflict, HttpError } from '../../http-errors';

/**
 * A resumable upload (ADR 030): the app's own upload link also takes the file in pieces, each a PUT
 * with `Content-Range: bytes <first>-<last>/<total>`. Every piece has UPLOAD_PIECE_BYTES bytes (the
 * last one the rest) and is an object of its own until the last piece arrives; then they are joined
 * into the upload's key and removed. A piece sent twice (its answer was lost) overwrites itself, so
 * a client that lost its connection sends again from the first piece it has no answer for.
 */
export interface PieceRange {
  index: number;
  first: number;
  last: number;
  total: number;
}

const RANGE = /^bytes (\d{1,9})-(\d{1,9})\/(\d{1,9})$/;

export const pieceCount = (total: number) => Math.ceil(total / UPLOAD_PIECE_BYTES);

/** Where piece `index` of an upload is kept: beside `uploads/`, never a key POST /api/media takes. */
export const pieceKey = (uploadKey: string, index: number) => `upload-pieces/${uploadKey.slice('uploads/'.length)}/${index}`;

/** Every key a resumable upload of at most `size` bytes can have left behind. */
export const pieceKeysOf = (uploadKey: string, size: number | null) =>
  Array.from({ length: Math.min(pieceCount(size ?? UPLOAD_PIECE_BYTES * MAX_UPLOAD_PIECES), MAX_UPLOAD_PIECES) }, (_, i) => pieceKey(uploadKey, i));

/**
 * The piece a Content-Range header names, or null when there is none (the whole file in one PUT).
 * Refuses (400) a range that is not one of the file's pieces, and (413) a file over the link's size.
 */
export function parsePieceRange(header: string | undefined, maxSize: number): PieceRange | null {
  if (header === undefined) return null;
  const match = RANGE.exec(header.trim());
  if (!match) throw badRequest(UPLOAD_PIECE_RANGE_MESSAGE);
  const [first, last, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (total > maxSize) throw new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE);
  const index = first / UPLOAD_PIECE_BYTES;
  const expectedLast = Math.min(first + UPLOAD_PIECE_BYTES, total) - 1;
  if (total < 1 || !Number.isInteger(index) || first >= total || last !== expectedLast) throw badRequest(UPLOAD_PIECE_RANGE_MESSAGE);
  return { index, first, last, total };
}

/** The piece's bytes, exactly `last - first + 1` of them: a longer body fails the write (413), a shorter one 400. */
export function exactly(chunks: AsyncIterator<Buffer>, head: Buffer, length: number): Readable {
  return Readable.from(
    (async function* () {
      let received = head.length;
      if (received > length) throw badRequest(UPLOAD_PIECE_RANGE_MESSAGE);
      yield head;
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        received += next.value.length;
        if (received > length) throw badRequest(UPLOAD_PIECE_RANGE_MESSAGE);
        yield next.value;
      }
      if (received < length) throw badRequest(UPLOAD_PIECE_SHORT_MESSAGE);
    })(),
  );
}

/**
 * The whole file, read piece after piece, once every piece is held at its size; 409 when one is not
 * (the client then sends the file again from the start).
 */
export async function joinedPieces(storage: ObjectStorage, uploadKey: string, total: number): Promise<Readable> {
  const count = pieceCount(total);
  const heads = await Promise.all(Array.from({ length: count }, (_, i) => storage.head(pieceKey(uploadKey, i))));
  const complete = heads.every((head, i) => head?.size === Math.min(UPLOAD_PIECE_BYTES, total - i * UPLOAD_PIECE_BYTES));
  if (!complete) throw conflict(UPLOAD_PIECE_MISSING_MESSAGE);
  return Readable.from(
    (async function* () {
      for (let i = 0; i < count; i++) yield* await storage.read(pieceKey(uploadKey, i));
    })(),
  );
}

/** Removes these objects (an upload's pieces once joined; a never-recorded upload with its pieces). */
export async function deleteObjects(storage: ObjectStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key)));
}
