import { SCAN_FORMATS } from '@shared/domain/scan';
import type { DecodeRequest, DecodeResponse } from './decode-messages';

/** Reads the first QR, Code 128 or Data Matrix code in a video frame or a photo. */
export interface Decoder {
  /** Which engine decodes: the browser's own, or our WebAssembly one in a Worker. */
  readonly engine: 'native' | 'wasm';
  decode(source: HTMLVideoElement | ImageBitmap): Promise<string | null>;
  close(): void;
}

interface NativeDetector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's BarcodeDetector when it reads all our formats (Chrome on Android and macOS),
 * otherwise ZXing's WebAssembly build in a Worker (everything else, iOS included).
 */
export async function createDecoder(): Promise<Decoder> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const supported = await Native.getSupportedFormats();
      if (SCAN_FORMATS.every((format) => supported.includes(format))) return nativeDecoder(new Native({ formats: [...SCAN_FORMATS] }));
    } catch {
      // A detector that cannot say what it reads is not used.
    }
  }
  return workerDecoder();
}

function nativeDecoder(detector: NativeDetector): Decoder {
  return {
    engine: 'native',
    async decode(source) {
      const found = await detector.detect(source);
      if (!(source instanceof HTMLVideoElement)) source.close();
      return found.find((code) => code.rawValue)?.rawValue ?? null;
    },
    close() {},
  };
}

function workerDecoder(): Decoder {
  const worker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, { resolve: (text: string | null) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
    const waiting = pending.get(event.data.id);
    pending.delete(event.data.id);
    if (!waiting) return;
    if (event.data.error) waiting.reject(new Error(event.data.error));
    else waiting.resolve(event.data.text);
  };
  worker.onerror = (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'The decoder stopped'));
    pending.clear();
  };
  return {
    engine: 'wasm',
    async decode(source) {
      const image = source instanceof HTMLVideoElement ? await createImageBitmap(source) : source;
      const id = nextId++;
      return new Promise<string | null>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: DecodeRequest = { id, image };
        worker.postMessage(request, [image]);
      });
    },
    close() {
      worker.terminate();
      for (const waiting of pending.values()) waiting.resolve(null);
      pending.clear();
    },
  };
}
