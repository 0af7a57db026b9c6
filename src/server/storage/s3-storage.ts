import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ObjectInfo, ObjectStorage } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default checksum on presigned PUTs is the CRC of an empty body, which real S3 and
    // MinIO then reject; only send checksums where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Objects in a private S3-compatible bucket (AWS S3, MinIO, R2…). */
export function s3Storage(settings: S3Settings, client: S3Client = createS3Client(settings)): ObjectStorage & { client: S3Client; bucket: string } {
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    client,
    bucket: Bucket,

    async putFile(key, filePath, contentType) {
      const { size } = await fsp.stat(filePath);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: fs.createReadStream(filePath), ContentType: contentType, ContentLength: size }));
      return { size, contentType };
    },

    async putStream(key, body: Readable, contentType, size) {
      if (size === undefined) throw new Error('S3 uploads from a stream need the size');
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }));
      return { size, contentType };
    },

    async head(key): Promise<ObjectInfo | null> {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (err as { name?: string }).name === 'NotFound') return null;
        throw err;
      }
    },

    async read(key, length) {
      const out = await client.send(
        new GetObjectCommand({ Bucket, Key: key, ...(length !== undefined && { Range: `bytes=0-${Math.max(0, length - 1)}` }) }),
      );
      return out.Body as Readable;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
