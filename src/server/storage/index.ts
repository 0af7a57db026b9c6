import path from 'node:path';
import type { Config } from '../config';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { ObjectStorage } from './storage';

export type { ObjectStorage, ObjectInfo, S3ObjectStorage } from './storage';

/** S3 when S3_BUCKET is set, otherwise files under DATA_DIR/objects. */
export function createStorage(config: Config): ObjectStorage {
  if (config.s3.bucket) {
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

