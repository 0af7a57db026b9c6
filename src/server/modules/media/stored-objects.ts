import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStorage } from '../../storage';

/**
 * Deletes files whose rows are already gone (after the commit). A storage failure leaves an orphan
 * file, which is logged for clean-up, never a failed request: the record is deleted either way.
 */
export async function deleteStoredObjects(storage: ObjectStorage, keys: Array<string | null>, log: FastifyBaseLogger): Promise<void> {
  const present = keys.filter((key): key is string => Boolean(key));
  const results = await Promise.allSettled(present.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') log.error({ err: result.reason, key: present[i] }, 'stored object not deleted');
  });
}
