import { z } from 'zod';
import { actionSchema, assetListItemSchema } from '../../../shared/contract';
import { obligationWorkItemSchema } from '../../../shared/contract/compliance';
import { MAX_UPLOAD_BYTES } from '../../../shared/domain/uploads';

/**
 * Documentation only: the answers of routes that have no zod response schema on purpose. Lists are
 * JSON written by PostgreSQL and sent as they come (docs/decisions/014), files are streamed, and
 * 204s have no body; a response schema on those routes would change how they are sent. The shapes
 * here are the same contract schemas the tests check those answers against. Keyed like OPERATIONS.
 */
export type ResponseDoc =
  /** A JSON body of this contract schema (converted like the routes' own schemas). */
  | { kind: 'json'; schema: z.ZodType; description: string }
  /** A file in one of these media types. */
  | { kind: 'file'; mediaTypes: string[]; description: string; headers?: Record<string, string> }
  /** No body (204, or a redirect). */
  | { kind: 'empty'; description: string; headers?: Record<string, string> };

const json = (schema: z.ZodType, description: string): ResponseDoc => ({ kind: 'json', schema, description });
const empty = (description: string, headers?: Record<string, string>): ResponseDoc => ({ kind: 'empty', description, headers });
const file = (mediaTypes: string[], description: string, headers?: Record<string, string>): ResponseDoc => ({ kind: 'file', mediaTypes, description, headers });

/** What the app streams or redirects to for a stored photo, video or thumbnail. */
const storedFile = (mediaTypes: string[], what: string): Record<number, ResponseDoc> => ({
  200: file(mediaTypes, `${what} (local storage), with its real type, Content-Disposition and Accept-Ranges: bytes`),
  206: file(mediaTypes, 'The requested byte range (Range: bytes=a-b), for video players', { 'content-range': 'bytes a-b/size' }),
  302: empty('S3 storage: a redirect to a presigned GET of the file, valid 15 minutes', { location: 'The presigned URL' }),
});

const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The OpenAPI document itself: only its outline is described here. */
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});

export const RESPONSE_DOCS: Record<string, Record<number, ResponseDoc>> = {
  'GET /api/openapi.json': { 200: json(openApiDocument, 'The OpenAPI 3.1 document of this API') },
  'POST /api/logout': { 204: empty('Signed out: the session ends and its cookie is cleared') },
  'POST /api/password-reset': { 204: empty('Password changed; every session of the user has ended') },
  'POST /api/account/password': { 204: empty("Password changed; the user's other sessions have ended") },
  'DELETE /api/account/calendar-feed': { 204: empty('Turned off: the calendar link no longer works') },
  'GET /api/calendar/:file': { 200: file(['text/calendar'], 'An iCalendar file: one all-day event per due date the link\'s owner answers for') },
  'POST /api/users/:id/reject': { 204: empty('Rejected: the pending account is removed') },
  'DELETE /api/invites/:id': { 204: empty('Revoked: the link no longer works') },
  'GET /api/assets': { 200: json(z.array(assetListItemSchema), 'One page of assets, newest first') },
  'DELETE /api/assets/:id': { 204: empty('Deleted, with its assessments, actions, photos and videos') },
  'GET /api/compliance/obligations': { 200: json(z.array(obligationWorkItemSchema), 'One page of the work list, soonest due first (never evidenced last)') },
  'GET /api/actions': { 200: json(z.array(actionSchema), 'One page of actions, newest first or (sort=target) by target date, undated last') },
  'GET /api/media/:id/file': storedFile(['image/*', 'video/*', 'application/pdf'], 'The photo, video or PDF certificate'),
  'GET /api/media/:id/thumbnail': storedFile(['image/webp'], 'The thumbnail'),
  'DELETE /api/media/:id': { 204: empty('Deleted, with its file and thumbnail') },
  'DELETE /api/s3/multipart/:uploadId': { 204: empty('Aborted: the parts uploaded so far are discarded') },
  'GET /api/imports/:id/errors.xlsx': {
    200: file([SPREADSHEET], 'The error workbook, as an attachment named after the uploaded file (<name>-errors.xlsx)'),
  },
  'GET /api/labels.pdf': {
    200: file(['application/pdf'], 'The label sheet, as an attachment named after the location and the layout (labels-<location>-<layout>.pdf, or location-tags-<location>-<layout>.pdf)'),
  },
  'POST /api/labels.pdf': {
    200: file(['application/pdf'], 'The label sheet, as an attachment named after the count and the layout (labels-<n>-assets-<layout>.pdf)'),
  },
  'GET /api/locations/:id/evidence-pack': {
    200: file(['application/zip'], 'The evidence pack, as an attachment named after the location and the date (evidence-pack-<location>-<yyyy-mm-dd>.zip)'),
  },
  'GET /api/reports/exports/:id/download': {
    200: file([SPREADSHEET, 'text/csv'], 'The report file, as an attachment named after the report, site and date'),
  },
};

/** Routes whose body is not JSON: the raw file of a direct upload. */
export const REQUEST_BODY_DOCS: Record<string, { mediaTypes: string[]; description: string }> = {
  'PUT /api/objects/local/uploads/:id': {
    mediaTypes: ['image/*', 'video/*', 'application/pdf'],
    description: `The file's bytes (at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, or the size declared when the URL was issued), with the Content-Type it was issued for`,
  },
};
