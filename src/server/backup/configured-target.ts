import type { BackupTargetSetting, Config } from '../config';
import { localFolderTarget } from './local-folder-target';
import type { BackupTarget } from './target';

/**
 * The target BACKUP_DIR names: a folder, or an S3 prefix reached with the S3_* connection settings.
 * The AWS SDK is loaded only for S3, as for storage.
 */
export async function configuredBackupTarget(config: Pick<Config, 's3'>, setting: BackupTargetSetting): Promise<BackupTarget> {
  if (setting.kind === 'folder') return localFolderTarget(setting.path);
  const [{ createS3Client }, { s3Target }] = await Promise.all([import('../storage/s3-storage'), import('./s3-target')]);
  const client = createS3Client({ ...config.s3, bucket: setting.bucket });
  return s3Target(client, setting.bucket, setting.prefix);
}
