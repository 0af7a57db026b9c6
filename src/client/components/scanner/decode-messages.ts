import type { ReaderOptions } from 'zxing-wasm/reader';

/** Messages between the page and the decoder Worker (decode-worker.ts). */
export interface DecodeRequest {
  id: number;
  /** Transferred to the Worker, which closes it. */
  image: ImageBitmap;
}
export interface DecodeResponse {
  id: number;
  text: string | null;
  error?: string;
}

/**
 * zxing-wasm's reader options: our three formats, one code per image, and `tryHarder` (rotated,
 * small or blurred codes), which the decoding tests (decode-labels.test.ts) use as well.
 */
export const READER_OPTIONS: ReaderOptions = {
  formats: ['QRCode', 'Code128', 'DataMatrix'],
  tryHarder: true,
  maxNumberOfSymbols: 1,
};
