import path from 'node:path';
import type { Config } from '../config';
import { localStorage } from './local-storage';
import type { ObjectStorage } from './storage';

export type { ObjectStorage, ObjectInfo, S3ObjectStorage } from './storage';

/**
 * S3 when S3_BUCKET is set, otherwise files under DATA_DIR/objects. The AWS SDK is loaded only for
 * S3: with local files it would only cost start-up time and memory.
 */
export async function createStorage(config: Config): Promise<ObjectStorage> {
  if (config.s3.bucket) {
    const { s3Storage } = await import('./s3-storage');
    return s3Storage({
      bucket: config.s3.bucket,
      region: config.s3.region,
      endpoint: config.s3.endpoint,
      accessKeyId: config.s3.accessKeyId,
      secretAccessKey: config.s3.secretAccessKey,
      forcePathStyle: config.s3.forcePathStyle,
    });
  }
  return localStorage(path.join(config.dataDir, 'objects'));
}

