import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  HTML,
  MP4,
  MP4_LARGESIZE,
  MP4_POLYGLOT,
  MP4_TRUNCATED,
  MP4_WITHOUT_MOOV,
  mp4,
  QUICKTIME,
  WEBM,
  WEBM_POLYGLOT,
  WEBM_TRUNCATED,
  webm,
} from '../../../../tests/setup/media-fixtures';
import { sniffMedia } from './sniff';
import { verifyVideo } from './verify-video';

/** The bytes as storage would stream them: in small chunks, so boxes straddle chunk boundaries. */
const verify = (bytes: Buffer, size = bytes.length) => {
  const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
  return verifyVideo(Readable.from(chunks), sniffMedia(bytes)?.mimeType ?? 'video/mp4', size);
};

describe('verifyVideo', () => {
  it.each([
    ['a minimal MP4', MP4],
    ['an MP4 with a 1 MB mdat', mp4(1024 * 1024)],
    ['an MP4 whose mdat has a 64-bit largesize', MP4_LARGESIZE],
    ['a QuickTime movie', QUICKTIME],
    ['a WebM', WEBM],
    ['a Matroska file', webm({ docType: 'matroska' })],
    ['a live-recorded WebM (Segment and Cluster of unknown size)', webm({ unknownSize: true })],
  ])('accepts %s', async (_name, bytes) => {
    expect(sniffMedia(bytes)?.type).toBe('video');
    expect(await verify(bytes)).toBe(true);
  });

  it.each([
    ['a truncated MP4', MP4_TRUNCATED],
    ['an MP4 without a moov box', MP4_WITHOUT_MOOV],
    ['an MP4 followed by HTML', MP4_POLYGLOT],
    ['a truncated WebM', WEBM_TRUNCATED],
    ['a WebM header followed by HTML', WEBM_POLYGLOT],
    ['a WebM whose DocType only starts like one', webm({ docType: 'webmhtml' })],
  ])('refuses %s', async (_name, bytes) => {
    expect(sniffMedia(bytes)?.type).toBe('video');
    expect(await verify(bytes)).toBe(false);
  });

  it('refuses boxes that claim more than the file, and a file longer than its boxes', async () => {
    const lying = Buffer.from(MP4);
    lying.writeUInt32BE(0xffff, 24); // the moov claims 64 KB
    expect(await verify(lying)).toBe(false);
    expect(await verify(MP4, MP4.length + 1)).toBe(false);
    expect(await verify(Buffer.concat([MP4, Buffer.alloc(3)]))).toBe(false);
  });

  it('refuses a box type that is not four printable characters', async () => {
    const bad = Buffer.from(MP4);
    bad.write('<scr', 28, 'latin1');
    expect(await verify(bad)).toBe(false);
    expect(await verifyVideo(Readable.from([HTML]), 'video/mp4', HTML.length)).toBe(false);
  });
});
