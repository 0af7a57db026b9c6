import { z } from 'zod';
import {
  dashboardStatsSchema,
  errorResponseSchema,
  exportRecordSchema,
  historyEntrySchema,
  searchResponseSchema,
  uploadResponseSchema,
  userSchema,
} from '../../../shared/contract';
import { backupEntrySchema, backupRunSchema, backupSettingsSchema } from '../../../shared/contract/backups';
import { importJobSchema, newLocationNodeSchema } from '../../../shared/contract/imports';
import { RESOURCES } from '../../resources';

/** The schema every error answer uses; the error responses refer to it by this name. */
export const ERROR_COMPONENT = 'ErrorResponse';

/**
 * Contract schemas published under a name (#/components/schemas/<name>) instead of inline in every
 * operation that returns them. The names go into zod's global registry, where fastify-type-provider-zod
 * looks them up; they are metadata only and change no validation or serialisation.
 */
const NAMED: Array<[z.ZodType, string]> = [
  [errorResponseSchema, ERROR_COMPONENT],
  [userSchema, 'User'],
  ...RESOURCES.flatMap((resource) => resource.api.schemas),
  [searchResponseSchema, 'SearchResults'],
  [dashboardStatsSchema, 'DashboardStats'],
  [exportRecordSchema, 'ExportRecord'],
  [historyEntrySchema, 'HistoryEntry'],
  [uploadResponseSchema, 'UploadUrl'],
  [backupSettingsSchema, 'BackupSettings'],
  [backupRunSchema, 'BackupRun'],
  [backupEntrySchema, 'BackupEntry'],
  [importJobSchema, 'ImportJob'],
  // Recursive (a tree): only a named schema can refer to itself.
  [newLocationNodeSchema, 'NewLocationNode'],
];

/** Idempotent: every app built in one process (tests build many) names the same schemas the same way. */
export function nameContractSchemas(): void {
  for (const [schema, id] of NAMED) {
    const existing = z.globalRegistry.get(schema);
    if (existing?.id !== id) z.globalRegistry.add(schema, { ...existing, id });
  }
}
