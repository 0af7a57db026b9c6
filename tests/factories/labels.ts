import QRCode from 'qrcode';
import sharp from 'sharp';
import { ASSET_QR_OPTIONS } from '../../src/shared/domain/scan';

/**
 * Pictures of the labels the app prints, for the scanner's tests (ADR 027): the Details tab's QR
 * code drawn exactly as the page draws it, placed on a white card as a camera or a photo sees it.
 */

/** The Details tab's QR code (a PNG) of `text`: the bare assetId, or a label's link. */
export const detailsTabQr = (text: string): Promise<Buffer> => QRCode.toBuffer(text, { ...ASSET_QR_OPTIONS, type: 'png' });

/** `code` (a PNG) on a white card of `width`×`height`, `size` pixels wide, turned by `angle` degrees. */
export async function labelPhoto(code: Buffer, { width = 1280, height = 960, size = 360, angle = 0 } = {}): Promise<Buffer> {
  const scaled = await sharp(code).resize({ width: size, kernel: 'nearest' }).rotate(angle, { background: '#ffffff' }).png().toBuffer();
  const { width: w = size, height: h = size } = await sharp(scaled).metadata();
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: scaled, left: Math.round((width - w) / 2), top: Math.round((height - h) / 2) }])
    .png()
    .toBuffer();
}

/**
 * A Y4M video (what Chromium's --use-file-for-fake-video-capture plays, on a loop) of a still
 * picture: `frames` identical 4:2:0 frames whose luma is the picture in grey.
 */
export async function stillVideoY4m(picture: Buffer, { width = 640, height = 480, frames = 8 } = {}): Promise<Buffer> {
  const luma = await sharp(picture).resize({ width, height, fit: 'contain', background: '#ffffff' }).greyscale().raw().toBuffer();
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F8:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}
