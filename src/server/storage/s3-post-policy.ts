import crypto from 'node:crypto';
import type { PresignedPost } from './storage';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/**
 * A presigned POST (browser form upload) signed with Signature V4, as @aws-sdk/s3-presigned-post does:
 * the base64 policy is the string to sign. Its conditions pin the bucket, the exact key, the exact
 * Content-Type and the size range, so the form can store nothing else (SEC-UP-2).
 */
export function presignedPost(options: {
  bucketUrl: string;
  bucket: string;
  region: string;
  credentials: S3Credentials;
  key: string;
  contentType: string;
  maxSize: number;
  expiresIn: number;
  now: Date;
}): PresignedPost {
  const { credentials, now } = options;
  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const credential = `${credentials.accessKeyId}/${day}/${options.region}/s3/aws4_request`;
  const fields: Record<string, string> = {
    bucket: options.bucket,
    key: options.key,
    'Content-Type': options.contentType,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': credential,
    'X-Amz-Date': amzDate,
    ...(credentials.sessionToken && { 'X-Amz-Security-Token': credentials.sessionToken }),
  };
  const policy = {
    expiration: new Date(now.getTime() + options.expiresIn * 1000).toISOString(),
    conditions: [
      ...Object.entries(fields).map(([name, value]) => ({ [name]: value })),
      ['content-length-range', 1, options.maxSize],
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  const signingKey = ['s3', 'aws4_request'].reduce<Buffer>(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), options.region),
  );
  return {
    url: options.bucketUrl,
    fields: { ...fields, Policy: encoded, 'X-Amz-Signature': hmac(signingKey, encoded).toString('hex') },
  };
}
