/**
 * What the published contract (GET /api/openapi.json, docs/api.md) says about each route beyond its
 * zod schemas: a name for client generators, a one-line summary and the error statuses its handler
 * gives besides the generic ones (error-responses.ts). Keyed by "METHOD /path" exactly as the route is
 * registered (`:id`, not `{id}`). A new route needs one line here; openapi.test.ts names any that lacks it.
 */
export interface OperationDoc {
  /** operationId: unique, camelCase, what generated clients call the method. */
  id: string;
  summary: string;
  /** More detail for integrators, when the summary and schemas do not say enough. */
  description?: string;
  /** Statuses this route gives on top of the generic set, with what they mean here. */
  errors?: Record<number, string>;
  /** The route never succeeds: it exists only to tell a client that the call is not offered. */
  alwaysFails?: true;
}

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/openapi.json': { id: 'getOpenApi', summary: 'This API description (OpenAPI 3.1)' },
  'GET /api/health': { id: 'getHealth', summary: 'Readiness: the app and whether its database answers' },

  'GET /api/user': {
    id: 'getCurrentUser',
    summary: 'The signed-in user',
    description: '401 means nobody is signed in, which the spec\'s client treats as "no user" rather than as an error.',
    errors: { 401: 'Nobody is signed in' },
  },
  'POST /api/login': {
    id: 'login',
    summary: 'Sign in; starts a session (cookie)',
    errors: { 401: 'Invalid username or password', 429: 'Too many sign-in requests from this address, or too many failed attempts for this username (see Retry-After)' },
  },
  'POST /api/register': {
    id: 'register',
    summary: 'Create an account and sign in',
    description:
      'What the account becomes depends on the registration mode (GET /api/registration): `open` gives the chosen role and signs in (201); `approval` answers 202 with a `pending` account and no session (an org admin decides the role); `invite` needs `inviteToken`, whose invite fixes the role; `closed` refuses. Outside `open`, the very first account becomes an org admin.',
    errors: { 403: 'Registration is closed, or by invitation only and no invite was given', 404: 'The invite link is not valid or has expired', 409: 'Username already exists' },
  },
  'GET /api/registration': { id: 'getRegistration', summary: 'Who may create an account: the registration mode' },
  'POST /api/password-reset': {
    id: 'resetPassword',
    summary: "Set a new password with an org admin's one-time link; ends the user's sessions",
    errors: { 404: 'The link is not valid, was used, or has expired' },
  },
  'PATCH /api/account': { id: 'updateAccount', summary: "Change the signed-in user's name and email" },
  'GET /api/account/calendar-feed': { id: 'getCalendarFeed', summary: 'Whether the signed-in user has a calendar feed, and when it was last read' },
  'POST /api/account/calendar-feed': {
    id: 'createCalendarFeed',
    summary: 'A new secret calendar link for the due dates the user answers for (shown once; replaces the old one)',
    description: 'Send no body.',
  },
  'DELETE /api/account/calendar-feed': { id: 'deleteCalendarFeed', summary: "Turn the user's calendar feed off" },
  'GET /api/account/email-digest': {
    id: 'getEmailDigest',
    summary: 'Whether this server sends email (SMTP configured), and whether the signed-in user gets digests of inspections falling due',
  },
  'PUT /api/account/email-digest': { id: 'setEmailDigest', summary: 'Switch the signed-in user\'s email digests of inspections falling due on or off' },
  'GET /api/calendar/:file': {
    id: 'calendarFeed',
    summary: 'The iCalendar file of a calendar link (`<token>.ics`): no session, the token is the credential',
  },
  'POST /api/account/password': {
    id: 'changePassword',
    summary: "Change the signed-in user's password; their other sessions end",
    errors: { 429: 'Too many attempts from this address' },
  },

  'GET /api/users': { id: 'listUsers', summary: 'Users, pending approval first, then by name (at most 500)' },
  'PATCH /api/users/:id': {
    id: 'updateUser',
    summary: "Change a user's role, or deactivate / reactivate them (their sessions end at once)",
    errors: { 409: 'The last active org admin cannot be demoted or deactivated; or the account awaits approval' },
  },
  'POST /api/users/:id/approve': { id: 'approveUser', summary: 'Approve a pending account with the role the admin decides', errors: { 409: 'The account is not awaiting approval' } },
  'POST /api/users/:id/reject': { id: 'rejectUser', summary: 'Reject a pending account (it is removed)', errors: { 409: 'The account is not awaiting approval' } },
  'POST /api/users/:id/password-reset': {
    id: 'createPasswordResetLink',
    summary: 'A one-time password-reset link for the user (valid 24 hours), shown once',
    errors: { 409: 'The account awaits approval' },
  },
  'GET /api/admin/audit': { id: 'listAdministrativeChanges', summary: 'Administrative changes (users, invites, settings), newest first, 50 a page' },
  'GET /api/invites': { id: 'listInvites', summary: 'Invites, newest first (at most 200)' },
  'POST /api/invites': {
    id: 'createInvite',
    summary: 'A single-use sign-up link with a role (valid 7 days), shown once',
    errors: { 409: 'Too many open invites' },
  },
  'DELETE /api/invites/:id': { id: 'revokeInvite', summary: 'Revoke an open invite' },
  'POST /api/invites/lookup': {
    id: 'lookUpInvite',
    summary: "What an invite link offers (its role), for the invitee's sign-up page",
    errors: { 404: 'The invite link is not valid or has expired', 429: 'Too many lookups from this address' },
  },
  'GET /api/settings': { id: 'getSettings', summary: "The organisation's settings: registration mode and the role matrix" },
  'PATCH /api/settings': { id: 'updateSettings', summary: 'Change the registration mode or withdraw permissions from roles' },
  'GET /api/backups': {
    id: 'getBackups',
    summary: 'Backups: the schedule and retention rule, the last run and last success, whether backups are overdue, and the backups in the target',
    description:
      '`health` is `off` without a schedule, `stale` when the last successful backup finished longer ago than the schedule allows (its period plus 2 hours) or none has since the schedule was switched on, `ok` otherwise. A run whose process stopped mid-backup is reported failed. `targetError` says why the backup folder could not be listed; the rest of the answer still holds.',
  },
  'PUT /api/backups/settings': {
    id: 'updateBackupSettings',
    summary: 'Set the backup schedule (daily, or weekly on a day, at an hour of London time) and the retention rule',
    description:
      'The whole setting each time. Switching the schedule on records when: the first scheduled backup is at the first slot after that, and the overdue alert counts from then. The retention rule runs after each backup the app takes: the newest backup of each of the `keepDaily` most recent days that have one and of each of the `keepWeekly` most recent ISO weeks are kept, the newest backup always.',
  },
  'POST /api/backups': {
    id: 'startBackup',
    summary: 'Back up now: starts a backup in the background and answers with its run',
    description: 'Send no body (and no Content-Type), or `{}` as JSON. Poll GET /api/backups for its progress; the run is `running` until it has `succeeded` or `failed` (with its `error`).',
    errors: { 409: 'A backup or a restore is already running' },
  },
  'POST /api/logout': { id: 'logout', summary: 'Sign out; ends the session', description: 'Send no body (and no Content-Type), or `{}` as JSON.' },

  'GET /api/locations': {
    id: 'listLocations',
    summary: 'List locations, ordered by path',
    description: 'At most 10,000 per response; when there are more, the `x-next-cursor` header carries the `cursor` of the next page.',
  },
  'GET /api/locations/summary': { id: 'summariseLocations', summary: 'Per location type: the total and the first names' },
  'GET /api/locations/tree': { id: 'locationTree', summary: "A location's children (or the top of the tree) with their subtrees' counts and compliance" },
  'POST /api/locations': { id: 'createLocation', summary: 'Create a location' },
  'GET /api/locations/:id': { id: 'getLocation', summary: 'One location' },
  'PATCH /api/locations/:id': { id: 'updateLocation', summary: 'Edit a location (its type and parent stay)' },
  'GET /api/locations/:id/evidence-pack': {
    id: 'getEvidencePack',
    summary: "A zip of the certificates and photos of every obligation in the location's subtree, with an index sheet",
    description:
      'For each obligation of the location, its descendants and the assets in them: the files of the inspection that counts, in a folder per regime, and `index.xlsx` / `index.csv` with one row per obligation (those without evidence too). Streamed as it is made.',
    errors: {
      400: 'The pack would hold more obligations, files or bytes than one pack may: choose a location lower in the tree',
      503: "This server process is building as many packs as it may and its queue is full (see Retry-After); or the database is unavailable",
    },
  },
  'GET /api/locations/:id/evidence-pack/summary': { id: 'getEvidencePackSummary', summary: "What the location's evidence pack would hold, and why it would be refused" },

  'GET /api/assets': { id: 'listAssets', summary: 'List assets, newest first' },
  'POST /api/assets': { id: 'createAsset', summary: 'Create an asset', description: 'A repeated `clientAssetId` answers 200 with the asset the first request created.' },
  'GET /api/assets/:id': { id: 'getAsset', summary: 'One asset' },
  'PATCH /api/assets/:id': {
    id: 'updateAsset',
    summary: 'Edit an asset (any subset of its fields)',
    description:
      'Optional `If-Match: "<updatedAt>"` (the asset\'s updatedAt as last read): when the asset has changed since, the answer is 412 with the asset as it is now, and nothing is changed (offline edits, ADR 028).',
    errors: { 412: 'The asset changed after the version named in If-Match: `current` is the asset now' },
  },
  'DELETE /api/assets/:id': { id: 'deleteAsset', summary: 'Delete an asset with its records, photos and videos' },
  'GET /api/assets/:id/history': { id: 'getAssetHistory', summary: "The asset's audit trail, newest first" },

  'GET /api/assessments': { id: 'listAssessments', summary: "An asset's condition assessments, newest first" },
  'POST /api/assessments': {
    id: 'createAssessment',
    summary: "Record a condition assessment (sets the asset's condition)",
    description: 'A repeated `assessmentId` for the same asset answers 200 with the stored assessment.',
    errors: { 409: 'The assessmentId is already used by an assessment of another asset' },
  },

  'GET /api/actions': { id: 'listActions', summary: 'List actions, newest first or by target date; filter to the overdue' },
  'POST /api/actions': { id: 'createAction', summary: 'Create an action' },
  'GET /api/actions/:id': { id: 'getAction', summary: 'One action' },
  'PATCH /api/actions/:id': {
    id: 'updateAction',
    summary: 'Edit an action; completing it sets its completed date',
    description:
      'Optional `If-Match: "<updatedAt>"` (the action\'s updatedAt as last read): when the action has changed since, the answer is 412 with the action as it is now, and nothing is changed (a status change or an edit made offline, ADR 028).',
    errors: { 412: 'The action changed after the version named in If-Match: `current` is the action now' },
  },

  'GET /api/media': { id: 'listMedia', summary: "An asset's photos and videos, newest first" },
  'POST /api/media': {
    id: 'createMedia',
    summary: "Record an uploaded photo or video against an asset, assessment or action, or a photo or PDF certificate as an inspection's evidence",
    errors: { 403: 'The upload key was not issued to this user, or the user may not record inspections', 409: 'This upload is already recorded' },
  },
  'GET /api/media/:id/file': { id: 'getMediaFile', summary: 'The photo, video or PDF itself (a PDF as a download)', errors: { 416: 'Requested range not satisfiable' } },
  'GET /api/media/:id/thumbnail': { id: 'getMediaThumbnail', summary: "A photo's 320 px WebP preview", errors: { 416: 'Requested range not satisfiable' } },
  'DELETE /api/media/:id': { id: 'deleteMedia', summary: 'Delete a photo or video and its file' },

  'POST /api/objects/upload': {
    id: 'requestUploadUrl',
    summary: 'A URL for one direct PUT of a photo or video (valid 15 minutes)',
    description:
      'The spec\'s client sends no body (and no Content-Type); `{}` as JSON works too. Declaring `size` and `contentType` signs them into the URL. `resumable: true` (with `size`) always gives the app\'s own URL, which also takes the file in pieces of `pieceSize` bytes; adding the `key` of an unfinished resumable upload gives a new URL for it, so the pieces already sent count.',
    errors: { 409: 'This upload can no longer be continued (recorded, cleaned up, or not a resumable upload of yours): start a new one' },
  },
  'PUT /api/objects/local/uploads/:id': {
    id: 'putLocalUpload',
    summary: 'Upload the file to a URL from POST /api/objects/upload (local storage)',
    description:
      'Use the whole `uploadURL` (with its signed query) and exactly the `headers` it came with. The first bytes must be an image or video format. A resumable URL also takes the file in pieces: each PUT carries `Content-Range: bytes <first>-<last>/<total>`, every piece `pieceSize` bytes from a multiple of it (the last one the rest); each piece but the last answers 202 with the bytes received so far, the last one 200 with the stored file. A piece sent again overwrites itself.',
    errors: {
      400: 'A Content-Range that is not one of the file\'s pieces, a body of another length than it says, or pieces sent to a URL that is not resumable',
      403: 'The link is not valid, has expired, was issued to another user, or is for another type',
      409: 'This upload is already recorded; or the last piece arrived while an earlier one is missing (send the file again from the start)',
      413: 'The file is larger than the link allows (at most 10 MB)',
      415: 'The file is not a supported image or video',
    },
  },
  'POST /api/s3/multipart': { id: 'createMultipartUpload', summary: 'Start a multipart upload (S3 storage)' },
  'GET /api/s3/multipart/:uploadId': { id: 'listMultipartParts', summary: 'The parts of a multipart upload so far', errors: { 403: 'This upload key was not issued to you' } },
  'GET /api/s3/multipart/:uploadId/:partNumber': { id: 'signMultipartPart', summary: 'A presigned URL for one part', errors: { 403: 'This upload key was not issued to you' } },
  'POST /api/s3/multipart/:uploadId/complete': {
    id: 'completeMultipartUpload',
    summary: 'Assemble the uploaded parts',
    errors: { 413: 'The assembled file is larger than 10 MB (it is deleted)' },
  },
  'DELETE /api/s3/multipart/:uploadId': { id: 'abortMultipartUpload', summary: 'Abort a multipart upload' },
  'GET /api/s3/params': { id: 'getPresignedPost', summary: 'A presigned POST form for one upload (S3 storage)' },
  'GET /api/s3/sts': {
    id: 'getTemporaryCredentials',
    summary: 'Not offered: every upload is signed by the server',
    alwaysFails: true,
    errors: { 404: 'Temporary S3 credentials are not issued' },
  },

  'GET /api/meters': { id: 'listMeters', summary: 'List meters with their last reading, optionally those in a location subtree' },
  'POST /api/meters': { id: 'createMeter', summary: 'Create a meter' },
  'GET /api/meters/:id': { id: 'getMeter', summary: 'One meter' },
  'GET /api/meters/:id/readings': { id: 'listMeterReadings', summary: "A meter's readings, latest reading date first" },
  'POST /api/meter-readings': { id: 'createMeterReading', summary: 'Record a meter reading' },

  'GET /api/compliance/regimes': { id: 'listRegimes', summary: "The organisation's inspection regimes: the UK catalogue and those added" },
  'POST /api/compliance/regimes': { id: 'createRegime', summary: "Add a regime of the organisation's own (org admins)" },
  'PATCH /api/compliance/regimes/:id': {
    id: 'updateRegime',
    summary: 'Change, retire or restore a regime (org admins)',
    description: "A new interval, due-soon window or anchor moves the due dates of the regime's obligations from their last completion at once.",
  },
  'GET /api/compliance/summary': { id: 'complianceSummary', summary: 'Obligations per status for a subtree, the areas or the estate, with its children × regimes matrix' },
  'GET /api/compliance/obligations': { id: 'complianceWorklist', summary: 'The compliance work list: obligations soonest due first (the overdue at the top), filtered' },
  'GET /api/obligations': { id: 'listObligations', summary: "An asset's or a location's compliance obligations, with their status" },
  'POST /api/obligations': { id: 'createObligation', summary: 'Put a regime on an asset or a location' },
  'POST /api/obligations/bulk': { id: 'applyRegime', summary: 'Put a regime on every asset of its usual types (and location of its usual levels) under a location' },
  'GET /api/obligations/:id': { id: 'getObligation', summary: 'One obligation' },
  'PATCH /api/obligations/:id': { id: 'updateObligation', summary: "Change an obligation's interval, responsible person, contractor or state" },
  'GET /api/obligations/:id/inspections': { id: 'listInspections', summary: "An obligation's inspections with their evidence, latest performed first" },
  'POST /api/inspections': { id: 'createInspection', summary: 'Record an inspection (append-only; a repeated id gives the first record back)' },
  'GET /api/search': { id: 'search', summary: 'Search assets, actions and meters (at least 2 characters)' },
  'GET /api/dashboard/stats': { id: 'getDashboardStats', summary: 'The dashboard figures' },
  'POST /api/imports': {
    id: 'uploadImport',
    summary: 'Upload a spreadsheet to import (.xlsx or .csv, at most 25 MB and 100,000 rows)',
    description:
      'The body is the file itself (any Content-Type, e.g. `application/octet-stream`), not JSON; `?name=` carries its file name. The first bytes decide the format. Answers the job with each sheet\'s headers, row count, first rows and the suggested mapping. See docs/decisions/029.',
    errors: {
      400: 'Not a spreadsheet, a damaged workbook, an empty file, no header row, or more than 100,000 rows or 200 columns',
      413: 'Larger than 25 MB',
      429: 'More than 60 uploads by this user in the last hour',
    },
  },
  'GET /api/imports/:id': {
    id: 'getImport',
    summary: 'An import job: its status, progress, counts, diffs, new locations and first errors',
    description: 'Poll it while `status` is `dry_running` or `committing`.',
  },
  'POST /api/imports/:id/dry-run': {
    id: 'dryRunImport',
    summary: 'Check the file with a mapping, changing nothing (runs in the background: poll the job)',
    description:
      '`mapping` lists, in the sheet\'s column order, each column\'s field (`assetId`, `clientAssetId`, `type`, … `locationPath`, `region` … `area`, `customFields`), `custom:<name>`, or null to ignore it. `valueSynonyms` adds cell texts for enum values, e.g. `{ "condition": { "G": "good" } }`.',
    errors: { 409: 'Another import is running, the job is already committed, or its file has been removed' },
  },
  'POST /api/imports/:id/commit': {
    id: 'commitImport',
    summary: 'Import the file as its last dry run saw it, all or nothing (runs in the background: poll the job)',
    description: 'Send `approveNewLocations: true` when the dry run found new locations. Every row is checked again; any row in error, or any failure, leaves the register as it was and the job `commit_failed` with the reason.',
    errors: { 409: 'No successful dry run yet, rows in error, new locations not approved, another import running, or already committed' },
  },
  'GET /api/imports/:id/errors.xlsx': {
    id: 'importErrorWorkbook',
    summary: 'The error workbook: the sheet\'s rows with an `errors` column, to fix and upload again',
    errors: { 409: 'No dry run yet, or the file has been removed' },
  },
  'GET /api/import-mappings': { id: 'listImportMappings', summary: 'Saved column mappings, by name' },
  'PUT /api/import-mappings': { id: 'saveImportMapping', summary: 'Save a column mapping (by header name) and value synonyms under a name, replacing one of that name' },
  'GET /api/labels.pdf': {
    id: 'labelSheet',
    summary: "A4 label sheet (PDF) of the assets in a location and everything inside it, or tags for the locations",
    description:
      'Layouts: Avery L7160 (21 per sheet), L7163 (14), L7651 (65); at most 500 labels. Each QR code encodes the asset code, or a link `<base>/a/<assetId>` when the organisation setting says so. With `kind=locations`, a tag for the location and each location inside it, encoding its link `<base>/l/<locationId>`.',
  },
  'POST /api/labels.pdf': {
    id: 'selectedLabelSheet',
    summary: 'A4 label sheet (PDF) of the chosen assets (up to 500)',
    description: "The assets chosen on the asset list, in asset-code order, on the chosen layout. An asset that no longer exists (or, for an area manager, lies outside their areas) refuses the sheet with 404.",
  },
  'GET /api/locations/:id/offline-copy': {
    id: 'offlineCopy',
    summary: 'Every asset, meter and open action in a location and inside it, to keep on a device for working offline',
    description:
      'Each asset as GET /api/assets/{id} shows it (at most 5,000), each meter as GET /api/meters/{id} (at most 1,000) with the first page of its readings as GET /api/meters/{id}/readings?limit=20 answers it, and each action not done (open, in progress, waiting) on an asset there as GET /api/actions/{id} (at most 5,000). A location holding more of any is refused with 400: choose a building or floor inside it.',
  },
  'GET /api/scan': {
    id: 'scanCode',
    summary: 'What a scanned or typed code names: an asset, a location or nothing known',
    description:
      "An asset by its assetId, clientAssetId or barcode, or by a label's link (`…/a/<assetId>`); a location by its tag's link (`…/l/<locationId>`) or its id. An area manager is told only of records in their areas.",
  },

  'POST /api/reports/export': {
    id: 'exportReport',
    summary: 'Generate a report file (.xlsx or .csv) and get its download link',
    errors: {
      429: 'Too many exports: wait for yours to finish or for the hourly limit to reset (see Retry-After)',
      503: 'The export queue of this server process is full, or the export took too long (see Retry-After); or the database is unavailable',
    },
  },
  'GET /api/reports/exports': { id: 'listExports', summary: 'Your recent exports, with fresh download links' },
  'GET /api/reports/exports/:id/download': {
    id: 'downloadExport',
    summary: 'Download an export file (the link from its record)',
    errors: { 403: 'The download link is not valid or has expired' },
  },
};
