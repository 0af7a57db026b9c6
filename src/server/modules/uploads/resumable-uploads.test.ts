import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOUR, MINUTE, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { FIXTURE_TAKEN_AT, jpegWithExif, putLocal, requestUpload } from '../../../../tests/setup/media-fixtures';
import type { Asset } from '../../../shared/contract';
import type { UploadResponse } from '../../../shared/contract/uploads';
import {
  UPLOAD_NOT_RESUMABLE_MESSAGE,
  UPLOAD_PIECE_BYTES,
  UPLOAD_PIECE_MISSING_MESSAGE,
  UPLOAD_PIECE_RANGE_MESSAGE,
  UPLOAD_PIECE_SHORT_MESSAGE,
  UPLOAD_RESUME_SIZE_MESSAGE,
  UPLOAD_CONTENT_MESSAGE,
} from '../../../shared/domain/uploads';
import { localStorage } from '../../storage/local-storage';
import { cleanupUploads } from './upload-cleanup';

/** ADR 030: the app's own upload link takes a file in pieces, so a cut connection costs one piece. */
let t: TestApp;
let cookie: string;
let asset: Asset;
/** A real photo (EXIF time and GPS) padded past two pieces: JPEG readers ignore what follows its end. */
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '2000', UPLOAD_CLEANUP_GRACE_HOURS: '1' } });
  ({ cookie } = await registerUser(t.app));
  const site = await postJson(t.app, '/api/locations', { name: 'Plant room', type: 'site' }, { cookie });
  asset = (await postJson(t.app, '/api/assets', { locationId: site.json().id, type: 'roof', condition: 'good' }, { cookie })).json<Asset>();
  expect(asset.id).toBeTruthy();
  const jpeg = await jpegWithExif();
  photo = Buffer.concat([jpeg, Buffer.alloc(2 * UPLOAD_PIECE_BYTES + 1000 - jpeg.length, 7)]);
});
afterAll(async () => {
  await t?.close();
});

const objectsDir = () => path.join(t.dataDir, 'objects');
const piecesOf = (key: string) => {
  const dir = path.join(objectsDir(), 'upload-pieces', key.slice('uploads/'.length));
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.endsWith('.type')) : [];
};
const resumableLink = (size = photo.length, extra: Record<string, unknown> = {}, as = cookie) =>
  requestUpload(t.app, as, { contentType: 'image/jpeg', size, resumable: true, ...extra });

/** One piece: bytes `first` to `last` of `bytes`, with the Content-Range a client sends. */
function putPiece(link: UploadResponse, bytes: Buffer, first: number, last = Math.min(first + UPLOAD_PIECE_BYTES, bytes.length) - 1, body = bytes.subarray(first, last + 1)) {
  const url = new URL(link.uploadURL);
  return t.app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    headers: { cookie, ...link.headers, 'content-range': `bytes ${first}-${last}/${bytes.length}` },
    payload: body,
  });
}

describe('resumable uploads', () => {
  it('needs the size declared, and answers the app’s own link with its piece size', async () => {
    const res = await postJson(t.app, '/api/objects/upload', { contentType: 'image/jpeg', resumable: true }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(UPLOAD_RESUME_SIZE_MESSAGE);
    const link = await resumableLink();
    expect(link.pieceSize).toBe(UPLOAD_PIECE_BYTES);
    expect(new URL(link.uploadURL).pathname).toBe(`/api/objects/local/${link.key}`);
    // An ordinary link does not say it takes pieces, and refuses them.
    const plain = await requestUpload(t.app, cookie, { contentType: 'image/jpeg', size: photo.length });
    expect(plain.pieceSize).toBeUndefined();
    const refused = await putPiece(plain, photo, 0);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/whole file in one PUT/);
  });

  it('stores the file once its last piece arrives, whatever was sent twice, and it records with its EXIF', async () => {
    const link = await resumableLink();
    const first = await putPiece(link, photo, 0);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ key: link.key, received: UPLOAD_PIECE_BYTES });
    // The answer was lost: the client sends the same piece again.
    expect((await putPiece(link, photo, 0)).statusCode).toBe(202);
    expect((await putPiece(link, photo, UPLOAD_PIECE_BYTES)).json()).toEqual({ key: link.key, received: 2 * UPLOAD_PIECE_BYTES });
    expect(fs.existsSync(path.join(objectsDir(), link.key))).toBe(false);
    expect(piecesOf(link.key)).toHaveLength(2);

    const last = await putPiece(link, photo, 2 * UPLOAD_PIECE_BYTES);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toEqual({ key: link.key, size: photo.length, contentType: 'image/jpeg' });
    expect(fs.readFileSync(path.join(objectsDir(), link.key)).equals(photo)).toBe(true);
    expect(piecesOf(link.key)).toEqual([]);
    // The last answer was lost too: sending the last piece again answers the stored file.
    expect((await putPiece(link, photo, 2 * UPLOAD_PIECE_BYTES)).json()).toEqual(last.json());

    const media = await postJson(t.app, '/api/media', { key: link.key, filename: 'boiler.jpg', assetId: asset.id }, { cookie });
    expect(media.statusCode, media.body).toBe(201);
    expect(media.json()).toMatchObject({ takenAt: FIXTURE_TAKEN_AT });
    // Recorded: no piece can change it any more.
    expect((await putPiece(link, photo, 0)).statusCode).toBe(409);
  });

  it('answers 409 when the last piece arrives before an earlier one, and then takes the missing piece', async () => {
    const link = await resumableLink();
    expect((await putPiece(link, photo, 0)).statusCode).toBe(202);
    const early = await putPiece(link, photo, 2 * UPLOAD_PIECE_BYTES);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(UPLOAD_PIECE_MISSING_MESSAGE);
    expect(fs.existsSync(path.join(objectsDir(), link.key))).toBe(false);
    expect((await putPiece(link, photo, UPLOAD_PIECE_BYTES)).statusCode).toBe(202);
    expect((await putPiece(link, photo, 2 * UPLOAD_PIECE_BYTES)).statusCode).toBe(200);
    expect(fs.readFileSync(path.join(objectsDir(), link.key)).equals(photo)).toBe(true);
  });

  it('refuses a range that is not one of the file’s pieces, a body of another length, a file over the link’s size and a first piece that is no photo', async () => {
    const link = await resumableLink();
    const cases: Array<[number, number, Buffer | undefined, number, string]> = [
      [1, UPLOAD_PIECE_BYTES, undefined, 400, UPLOAD_PIECE_RANGE_MESSAGE],
      [0, UPLOAD_PIECE_BYTES - 2, undefined, 400, UPLOAD_PIECE_RANGE_MESSAGE],
      [0, UPLOAD_PIECE_BYTES - 1, photo.subarray(0, 1000), 400, UPLOAD_PIECE_SHORT_MESSAGE],
      [UPLOAD_PIECE_BYTES, 2 * UPLOAD_PIECE_BYTES - 1, photo.subarray(0, UPLOAD_PIECE_BYTES + 1), 413, 'File exceeds maximum allowed size of 10 MB'],
      [0, UPLOAD_PIECE_BYTES - 1, Buffer.alloc(UPLOAD_PIECE_BYTES, 60), 415, UPLOAD_CONTENT_MESSAGE],
    ];
    for (const [first, last, body, status, message] of cases) {
      const res = await putPiece(link, photo, first, last, body);
      expect(res.statusCode, `${first}-${last}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const small = await resumableLink(1000);
    const over = await putPiece(small, photo, 0);
    expect(over.statusCode).toBe(413);
    expect(piecesOf(link.key)).toEqual([]);
    expect(piecesOf(small.key)).toEqual([]);
  });

  it('gives a new link for the same unfinished upload, so the pieces sent count; never for another’s, or a recorded one', async () => {
    const link = await resumableLink();
    expect((await putPiece(link, photo, 0)).statusCode).toBe(202);
    t.clock.advance(20 * MINUTE); // the first link has expired
    expect((await putPiece(link, photo, UPLOAD_PIECE_BYTES)).statusCode).toBe(403);
    const again = await resumableLink(photo.length, { key: link.key });
    expect(again.key).toBe(link.key);
    expect(again.uploadURL).not.toBe(link.uploadURL);
    expect((await putPiece(again, photo, UPLOAD_PIECE_BYTES)).statusCode).toBe(202);
    expect((await putPiece(again, photo, 2 * UPLOAD_PIECE_BYTES)).statusCode).toBe(200);

    const other = await registerUser(t.app);
    const foreign = await postJson(t.app, '/api/objects/upload', { contentType: 'image/jpeg', size: photo.length, resumable: true, key: link.key }, { cookie: other.cookie });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().message).toBe(UPLOAD_NOT_RESUMABLE_MESSAGE);
    expect((await postJson(t.app, '/api/media', { key: link.key, filename: 'b.jpg', assetId: asset.id }, { cookie })).statusCode).toBe(201);
    const recorded = await postJson(t.app, '/api/objects/upload', { contentType: 'image/jpeg', size: photo.length, resumable: true, key: link.key }, { cookie });
    expect(recorded.statusCode).toBe(409);
    const plain = await requestUpload(t.app, cookie, { contentType: 'image/jpeg', size: 10 });
    const notResumable = await postJson(t.app, '/api/objects/upload', { contentType: 'image/jpeg', size: 10, resumable: true, key: plain.key }, { cookie });
    expect(notResumable.statusCode).toBe(409);
    const keyAlone = await postJson(t.app, '/api/objects/upload', { contentType: 'image/jpeg', size: 10, key: plain.key }, { cookie });
    expect(keyAlone.statusCode).toBe(400);
  });

  it('still takes the whole file in one PUT', async () => {
    const link = await resumableLink();
    const res = await putLocal(t.app, cookie, link.uploadURL, photo, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().size).toBe(photo.length);
  });

  it('leaves no piece behind an upload never finished: the clean-up deletes them with it', async () => {
    const link = await resumableLink();
    expect((await putPiece(link, photo, 0)).statusCode).toBe(202);
    expect((await putPiece(link, photo, UPLOAD_PIECE_BYTES)).statusCode).toBe(202);
    t.clock.advance(HOUR + MINUTE);
    const result = await cleanupUploads({ db: t.db, storage: localStorage(objectsDir()), config: t.config, now: t.clock.now });
    expect(result?.discarded).toBeGreaterThanOrEqual(1);
    expect(piecesOf(link.key)).toEqual([]);
    // Its links are dead now, and no new one is given.
    expect((await putPiece(link, photo, 2 * UPLOAD_PIECE_BYTES)).statusCode).toBe(403);
  });
});
