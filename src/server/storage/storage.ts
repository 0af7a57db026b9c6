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

interface StorageOperations {
  /** Stores a file from disk under the key (used for generated exports). */
  putFile(key: string, filePath: string, contentType: string): Promise<ObjectInfo>;
  /** Stores a stream of bytes under the key (S3 first spools a stream of unknown size to a temporary file). */
  putStream(key: string, body: Readable, contentType: string, size?: number): Promise<ObjectInfo>;
  /** Size and type of a stored object, or null when it does not exist. */
  head(key: string): Promise<ObjectInfo | null>;
  /** A readable stream of the object's bytes (optionally only the first `length` bytes). */
  read(key: string, length?: number): Promise<Readable>;
  /** Bytes `start` to `end` inclusive (an HTTP Range). */
  readRange(key: string, start: number, end: number): Promise<Readable>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

export interface LocalObjectStorage extends StorageOperations {
  readonly kind: 'local';
}

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface MultipartPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

export interface PendingMultipart {
  key: string;
  uploadId: string;
  initiated: Date;
}

/** S3 adds what browsers use directly: presigned URLs and the multipart calls behind them. */
export interface S3ObjectStorage extends StorageOperations {
  readonly kind: 's3';
  readonly bucket: string;
  /** The origin browsers talk to for presigned URLs (for the CSP). */
  readonly origin: string;
  /** The object's S3 URL (private: it answers 403 without a signature). */
  objectUrl(key: string): string;
  /** A presigned PUT; the content type and length are signed when given. */
  presignPut(key: string, options: { contentType?: string; size?: number; expiresIn: number }): Promise<{ url: string; headers: Record<string, string> }>;
  /** A presigned GET that makes S3 answer with this type and disposition. */
  presignGet(key: string, options: { contentType: string; contentDisposition: string; expiresIn: number }): Promise<string>;
  /** A presigned POST (HTML form upload) whose policy pins the key, the type and the size range. */
  presignPost(key: string, options: { contentType: string; maxSize: number; expiresIn: number }): Promise<PresignedPost>;
  createMultipart(key: string, contentType: string): Promise<string>;
  /** A presigned UploadPart URL; with a size, Content-Length is signed so the part must be exactly that long. */
  presignPart(key: string, uploadId: string, partNumber: number, options: { expiresIn: number; size: number }): Promise<string>;
  /** Multipart uploads started and neither completed nor aborted, under the prefix. */
  listMultipartUploads(prefix: string): Promise<PendingMultipart[]>;
  listParts(key: string, uploadId: string): Promise<MultipartPart[]>;
  completeMultipart(key: string, uploadId: string, parts: Array<{ ETag: string; PartNumber: number }>): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

export type ObjectStorage = LocalObjectStorage | S3ObjectStorage;
