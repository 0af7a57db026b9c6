import type { Readable } from 'node:stream';

/**
 * Where photos and exports live: local files under DATA_DIR (default) or an S3-compatible bucket.
 * Objects are private: the app streams them (local) or hands out short-lived signed URLs (S3) only to
 * signed-in users. Keys are chosen by the server (e.g. uploads/<uuid>, exports/<uuid>.xlsx).
 */
export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores a file from disk under the key (used for generated exports). */
  putFile(key: string, filePath: string, contentType: string): Promise<ObjectInfo>;
  /** Stores a stream of bytes under the key. */
  putStream(key: string, body: Readable, contentType: string, size?: number): Promise<ObjectInfo>;
  /** Size and type of a stored object, or null when it does not exist. */
  head(key: string): Promise<ObjectInfo | null>;
  /** A readable stream of the object's bytes (optionally only the first `length` bytes). */
  read(key: string, length?: number): Promise<Readable>;
  delete(key: string): Promise<void>;
}
