import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { withSpooledFile } from '../storage/spool';
import { BackupFileMissing, checkBackupPath, type BackupTarget } from './target';

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Backups under a prefix of an S3-compatible bucket (`s3://bucket/prefix/<name>/…`). A stream is
 * spooled to a temporary file first, because PutObject needs its length; one PUT stores a file of
 * up to 5 GB (a larger table file would need a multipart upload). A PUT appears whole or not at all,
 * so the manifest written last still marks a complete backup.
 */
export function s3Target(client: S3Client, bucket: string, prefix: string): BackupTarget {
  const base = prefix.replace(/^\/+|\/+$/g, '');
  const keyOf = (file: string) => (base ? `${base}/${file}` : file);
  const put = async (key: string, body: Readable | Buffer, size: number) => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: size }));
    return size;
  };
  const list = async (prefixWithin: string): Promise<string[]> => {
    const found: string[] = [];
    let token: string | undefined;
    const full = keyOf(prefixWithin);
    do {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: full, ContinuationToken: token }));
      for (const item of out.Contents ?? []) if (item.Key) found.push(base ? item.Key.slice(base.length + 1) : item.Key);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return found;
  };
  return {
    location: `s3://${bucket}${base ? `/${base}` : ''}`,

    async write(file, body) {
      const key = keyOf(checkBackupPath(file));
      if (Buffer.isBuffer(body) || typeof body === 'string') {
        const bytes = Buffer.from(body);
        return put(key, bytes, bytes.length);
      }
      return withSpooledFile(body, async (spooled) => put(key, fs.createReadStream(spooled), (await fsp.stat(spooled)).size));
    },

    async read(file) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(checkBackupPath(file)) }));
        return out.Body as Readable;
      } catch (err) {
        if (statusOf(err) === 404 || (err as { name?: string }).name === 'NoSuchKey') throw new BackupFileMissing(file, this.location);
        throw err;
      }
    },

    list,

    async folders() {
      const found: string[] = [];
      const within = base ? `${base}/` : '';
      let token: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: within, Delimiter: '/', ContinuationToken: token }));
        for (const item of out.CommonPrefixes ?? []) if (item.Prefix) found.push(item.Prefix.slice(within.length, -1));
        token = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (token);
      return found.sort();
    },

    async delete(prefixWithin) {
      for (const file of await list(prefixWithin)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(file) }));
    },
  };
}
