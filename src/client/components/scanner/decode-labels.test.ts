import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { prepareZXingModule as prepareWriter, writeBarcode } from 'zxing-wasm/writer';
import QRCode from 'qrcode';
import { ASSET_QR_OPTIONS, assetLink, locationLink, parseScannedCode } from '@shared/domain/scan';
import { READER_OPTIONS } from './decode-messages';

/**
 * Every label the app prints decodes with the scanner's own decoder (zxing-wasm's reader with the
 * Worker's options, run here in Node) at the sizes a phone sees and turned any way (ADR 027). Code 128
 * and Data Matrix are not printed by the app but are on assets already (makers' and earlier
 * systems' labels): zxing-wasm's writer draws them.
 */

const wasm = (file: string) => {
  const bytes = readFileSync(createRequire(import.meta.url).resolve(`zxing-wasm/${file}`));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

beforeAll(() => {
  prepareZXingModule({ overrides: { wasmBinary: wasm('reader/zxing_reader.wasm') } });
  prepareWriter({ overrides: { wasmBinary: wasm('writer/zxing_writer.wasm') } });
});

/**
 * Width of the code in the picture, in pixels: from a label at arm's length in a 720p frame (about
 * 3 pixels per module of a link's QR code) to one filling the frame.
 */
const SIZES = [120, 200, 320, 640];
/** Held any way up, and crooked. */
const ANGLES = [0, 90, 180, 270, 15, -33];
/** A Code 128 of an assetId is about 150 modules wide: it needs 2 pixels or more per module. */
const CODE_128_SIZES = [320, 480, 640];
/** ZXing reads a 1D barcode along rows and columns only: it must be held roughly level or upright. */
const LEVEL_ANGLES = [0, 90, 180, 270, 8, -8];

/** `code` scaled to `size` pixels wide, turned by `angle`, on a white card, as the Worker's pixels. */
async function picture(code: Buffer, size: number, angle: number) {
  // Smooth scaling and turning blur the edges as a camera's optics do.
  const turned = await sharp(code).resize({ width: size }).rotate(angle, { background: '#ffffff' }).toBuffer();
  const { data, info } = await sharp(turned)
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, colorSpace: 'srgb' as const };
}

async function decode(code: Buffer, size: number, angle: number): Promise<string | null> {
  const results = await readBarcodes((await picture(code, size, angle)) as unknown as ImageData, READER_OPTIONS);
  return results.find((r) => r.isValid)?.text ?? null;
}

/** The Details tab's QR code, drawn with the page's own options (asset-qr-code.tsx). */
const detailsTabQr = (text: string) => QRCode.toBuffer(text, { ...ASSET_QR_OPTIONS, type: 'png' });

async function written(text: string, format: 'Code128' | 'DataMatrix'): Promise<Buffer> {
  const output = await writeBarcode(text, { format, scale: 4 });
  if (output.error || !output.image) throw new Error(output.error || 'no image');
  return Buffer.from(await output.image.arrayBuffer());
}

const ASSET = 'AST-004217';
const LINK = assetLink('https://assets.example-estates.co.uk', ASSET);

const LABELS: Array<{ name: string; text: string; draw: () => Promise<Buffer>; sizes?: number[]; angles?: number[] }> = [
  { name: "the Details tab's QR code (the bare assetId)", text: ASSET, draw: () => detailsTabQr(ASSET) },
  { name: "a label's QR code with the asset's link", text: LINK, draw: () => detailsTabQr(LINK) },
  {
    name: "a location tag's QR code (its link)",
    text: locationLink('https://assets.example-estates.co.uk', '0b0e7d7c-1b2a-4c3d-8e9f-001122334455'),
    draw: () => detailsTabQr(locationLink('https://assets.example-estates.co.uk', '0b0e7d7c-1b2a-4c3d-8e9f-001122334455')),
  },
  { name: 'a Code 128 barcode', text: ASSET, draw: () => written(ASSET, 'Code128'), sizes: CODE_128_SIZES, angles: LEVEL_ANGLES },
  { name: 'a Data Matrix code', text: ASSET, draw: () => written(ASSET, 'DataMatrix') },
];

describe('decoding the labels the scanner meets', () => {
  for (const label of LABELS) {
    it(`reads ${label.name} at every size and turn`, async () => {
      const code = await label.draw();
      const misses: string[] = [];
      for (const size of label.sizes ?? SIZES) {
        for (const angle of label.angles ?? ANGLES) {
          const text = await decode(code, size, angle);
          if (text !== label.text) misses.push(`${size}px at ${angle}°: ${text}`);
        }
      }
      expect(misses).toEqual([]);
    }, 60_000);
  }

  it('reads a link as the asset or location it names', () => {
    expect(parseScannedCode(LINK)).toEqual({ kind: 'asset-link', assetId: ASSET });
    expect(parseScannedCode(ASSET)).toEqual({ kind: 'code', code: ASSET });
  });

  it('finds nothing on a blank card', async () => {
    const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(await decode(blank, 200, 0)).toBeNull();
  });
});
