import type { FastifyRequest } from 'fastify';
import { versionFromIfMatch } from '../shared/contract/assets';
import { badRequest } from './http-errors';

/**
 * The version an edit was based on (`If-Match: "<updatedAt>"`, ADR 028): an edit made offline names
 * it, so a record changed since is never overwritten. Undefined without the header (the spec's
 * last-write-wins); 400 with `invalid` when the header names no version or comes twice.
 */
export function basedOnOf(request: FastifyRequest, invalid: string): Date | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const version = typeof header === 'string' ? versionFromIfMatch(header) : null;
  if (!version) throw badRequest(invalid);
  return version;
}
