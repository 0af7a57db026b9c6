import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifSegment, withExifSegment, withUprightOrientation } from './jpeg-exif';

const plain = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f6f4f' } })
    .jpeg()
    .toBuffer();

/** A phone photo: taken sideways (Orientation 6), with its time and a place. */
const original = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3311' } })
    .withExif({ IFD0: { Make: 'Unit Camera' }, IFD2: { DateTimeOriginal: '2026:03:14 09:30:00' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

describe('moving EXIF into a resized JPEG', () => {
  it('finds the EXIF segment of a JPEG, and none in a JPEG without one or in another format', async () => {
    const segment = exifSegment(new Uint8Array(await original()));
    expect(segment).not.toBeNull();
    expect(Buffer.from(segment!.subarray(4, 8)).toString('latin1')).toBe('Exif');
    expect(exifSegment(new Uint8Array(await plain(8, 8)))).toBeNull();
    expect(exifSegment(new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer()))).toBeNull();
  });

  it('gives the copy the original time taken, upright, and it still decodes', async () => {
    const sideways = exifSegment(new Uint8Array(await original()))!;
    const read = async (jpeg: Uint8Array) => (await exifr.parse(Buffer.from(jpeg), { reviveValues: false, translateValues: false })) as Record<string, unknown>;
    expect((await read(withExifSegment(new Uint8Array(await plain(40, 30)), sideways))).Orientation).toBe(6);
    const copy = withExifSegment(new Uint8Array(await plain(40, 30)), withUprightOrientation(sideways));
    const tags = await read(copy);
    expect(tags.DateTimeOriginal).toBe('2026:03:14 09:30:00');
    expect(tags.Make).toBe('Unit Camera');
    expect(tags.Orientation).toBe(1);
    const metadata = await sharp(Buffer.from(copy)).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([40, 30, 1]);
  });

  it('replaces the EXIF a JPEG already had rather than adding a second block', async () => {
    const segment = exifSegment(new Uint8Array(await original()))!;
    const twice = withExifSegment(withExifSegment(new Uint8Array(await plain(16, 16)), segment), segment);
    const blocks = Buffer.from(twice).toString('latin1').split('Exif\0\0').length - 1;
    expect(blocks).toBe(1);
  });
});
