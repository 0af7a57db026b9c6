import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type Part,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MultipartPart, ObjectInfo, PendingMultipart, S3ObjectStorage } from './storage';
import { presignedPost } from './s3-post-policy';
import { withSpooledFile } from './spool';

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

/**
 * The bucket's URL as a browser reaches it: path style (`https://host/bucket`, MinIO, s3rver) or
 * virtual-hosted (`https://bucket.host`, AWS's default endpoint when S3_ENDPOINT is blank).
 */
export function s3BucketUrl(settings: Pick<S3Settings, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  return settings.forcePathStyle
    ? `${endpoint.origin}${basePath}/${settings.bucket}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${basePath}`;
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Objects in a private S3-compatible bucket (AWS S3, MinIO, R2…). */
export function s3Storage(settings: S3Settings, client: S3Client = createS3Client(settings)): S3ObjectStorage & { client: S3Client } {
  const Bucket = settings.bucket;
  const bucketUrl = s3BucketUrl(settings);
  const putFile = async (key: string, filePath: string, contentType: string): Promise<ObjectInfo> => {
    const { size } = await fsp.stat(filePath);
    await client.send(new PutObjectCommand({ Bucket, Key: key, Body: fs.createReadStream(filePath), ContentType: contentType, ContentLength: size }));
    return { size, contentType };
  };
  return {
    kind: 's3',
    client,
    bucket: Bucket,
    origin: new URL(bucketUrl).origin,
    objectUrl: (key) => `${bucketUrl}/${key.split('/').map(encodeURIComponent).join('/')}`,

    putFile,

    async putStream(key, body: Readable, contentType, size) {
      // A stream of unknown length (the app's upload route) goes through a temporary file first.
      if (size === undefined) return withSpooledFile(body, (file) => putFile(key, file, contentType));
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }));
      return { size, contentType };
    },

    async head(key): Promise<ObjectInfo | null> {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (statusOf(err) === 404 || (err as { name?: string }).name === 'NotFound') return null;
        throw err;
      }
    },

    async read(key, length) {
      const out = await client.send(
        new GetObjectCommand({ Bucket, Key: key, ...(length !== undefined && { Range: `bytes=0-${Math.max(0, length - 1)}` }) }),
      );
      return out.Body as Readable;
    },

    async readRange(key, start, end) {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end}` }));
      return out.Body as Readable;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async presignPut(key, { contentType, size, expiresIn }) {
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ContentLength: size });
      // Signed headers must be sent exactly: S3 refuses another type or length (SEC-UP-2).
      const signableHeaders = new Set([...(contentType ? ['content-type'] : []), ...(size !== undefined ? ['content-length'] : [])]);
      const url = await getSignedUrl(client, command, { expiresIn, signableHeaders });
      const headers: Record<string, string> = {};
      if (contentType) headers['content-type'] = contentType;
      return { url, headers };
    },

    presignGet(key, { contentType, contentDisposition, expiresIn }) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition,
        ResponseCacheControl: 'private, max-age=300',
      });
      return getSignedUrl(client, command, { expiresIn });
    },

    async presignPost(key, { contentType, maxSize, expiresIn }) {
      const credentials = await client.config.credentials();
      return presignedPost({ bucketUrl, bucket: Bucket, region: await client.config.region(), credentials, key, contentType, maxSize, expiresIn, now: new Date() });
    },

    async createMultipart(key, contentType) {
      const out = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
      if (!out.UploadId) throw new Error('S3 returned no UploadId');
      return out.UploadId;
    },

    presignPart(key, uploadId, partNumber, { expiresIn, size }) {
      const command = new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: size });
      // The part URL takes exactly that many bytes (S3 refuses any other length).
      return getSignedUrl(client, command, { expiresIn, signableHeaders: new Set(['content-length']) });
    },

    async listMultipartUploads(prefix) {
      const uploads: PendingMultipart[] = [];
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const out = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
        for (const upload of out.Uploads ?? []) {
          if (upload.Key && upload.UploadId && upload.Initiated) uploads.push({ key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated });
        }
        if (!out.IsTruncated || (!out.NextKeyMarker && !out.NextUploadIdMarker)) return uploads;
        keyMarker = out.NextKeyMarker;
        uploadIdMarker = out.NextUploadIdMarker;
      }
    },

    async listParts(key, uploadId) {
      const parts: MultipartPart[] = [];
      let marker: string | undefined;
      for (;;) {
        const out = await client.send(new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
        for (const part of out.Parts ?? ([] as Part[])) {
          parts.push({ PartNumber: part.PartNumber ?? 0, ETag: part.ETag ?? '', Size: part.Size ?? 0 });
        }
        if (!out.IsTruncated || !out.NextPartNumberMarker) return parts;
        marker = out.NextPartNumberMarker;
      }
    },

    async completeMultipart(key, uploadId, parts) {
      const sorted = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
      await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: sorted } }));
    },

    async abortMultipart(key, uploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
    },
  };
}
