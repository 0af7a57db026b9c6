/// <reference lib="webworker" />
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
// Served by our own server with the app's other files (ADR 027): zxing-wasm would otherwise fetch
// it from a CDN, which the CSP refuses and which is out of reach where there is no signal.
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { READER_OPTIONS, type DecodeRequest, type DecodeResponse } from './decode-messages';

/**
 * The WebAssembly decoder (ZXing-C++ through zxing-wasm), in a Worker so decoding a frame or a
 * 12-megapixel photo never holds up the page. Used where the browser has no BarcodeDetector for
 * our formats (Firefox, Safari, desktop Chrome on Windows and Linux).
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(readerWasmUrl, self.location.href).href : prefix + path),
  },
});

/** Photos are scaled so their longer side is at most this: plenty for a label, and fast to decode. */
const MAX_SIDE = 1920;

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<DecodeRequest>) => {
  const { id, image } = event.data;
  let response: DecodeResponse;
  try {
    const pixels = pixelsOf(image);
    image.close();
    const results = await readBarcodes(pixels, READER_OPTIONS);
    response = { id, text: results.find((r) => r.isValid && r.text)?.text ?? null };
  } catch (error) {
    response = { id, text: null, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};

function pixelsOf(image: ImageBitmap): ImageData {
  const scale = Math.min(1, MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true })!;
  context.drawImage(image, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}
