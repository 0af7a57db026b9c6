import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  date,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../shared/domain/roles';
import { REGISTRATION_MODES, USER_STATUSES } from '../../shared/domain/accounts';
import type { Permission } from '../../shared/domain/permissions';
import type { Role } from '../../shared/domain/roles';
import { LOCATION_TYPES } from '../../shared/domain/locations';
import { ASSET_STATUSES, ASSET_TYPES, COMPLIANCE_VALUES, CONDITIONS } from '../../shared/domain/assets';
import { DEFECT_SEVERITIES } from '../../shared/domain/assessments';
import { ACTION_CATEGORIES, ACTION_PRIORITIES, ACTION_STATUSES, OPEN_ACTION_STATUSES } from '../../shared/domain/actions';
import { METER_TYPES } from '../../shared/domain/meters';
import { EXPORT_FORMATS, REPORT_TYPES } from '../../shared/domain/reports';
import { ANCHOR_RULES, INSPECTION_RESULTS, REGIME_CATEGORIES, type ReadingDefinition } from '../../shared/domain/compliance/regimes';
import { OBLIGATION_STATES, OBLIGATION_STATUSES } from '../../shared/domain/compliance/obligation-status';
import { INTERVAL_UNITS } from '../../shared/domain/compliance/calendar-date';
import { REMINDER_OUTCOMES, REMINDER_THRESHOLDS } from '../../shared/domain/compliance/reminders';
import { IMPORT_FORMATS, IMPORT_STATUSES } from '../../shared/domain/imports';
import { BACKUP_FREQUENCIES, BACKUP_RUN_STATUSES, BACKUP_SCHEDULE_DEFAULTS, BACKUP_TRIGGERS } from '../../shared/domain/backups';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * Creation time at millisecond precision: list cursors carry it through JavaScript Dates (ms), so a
 * stored microsecond part would make rows at a page boundary compare wrongly.
 */
const createdAtMs = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`date_trunc('milliseconds', now())`);
/**
 * A record's location and every location above it (its `ancestor_ids || id`), set by a trigger
 * whenever the record is written or moves (db/sql/areas.sql, place_ids_set()): an area manager's
 * search tests a row's place as `place_ids && roots`, on the row itself, with no look at the
 * locations. Locations never change parent, so a location's ancestors never change.
 */
const placeIds = () => uuid('place_ids').array().notNull().default(sql`'{}'::uuid[]`);
/**
 * The depths (1 = the top of a tree of locations) at which records' places are indexed in a list's
 * order (placeIndexes()). An area rooted there (a region, a site) is read in that order in one range
 * of the index, whatever it holds (policy/area-sizes.ts, firstInPlaces()); a deeper area is small,
 * and is read one location at a time.
 */
export const PLACE_INDEX_DEPTHS = 3;
/** A record's place `depth` levels from the top of its tree, as the place indexes and their reads spell it. */
export const placeAtDepth = (placeIds: SQLWrapper, depth: number): SQL => {
  if (!Number.isInteger(depth) || depth < 1 || depth > PLACE_INDEX_DEPTHS) throw new Error(`No place index at depth ${depth}`);
  // eslint-disable-next-line no-restricted-syntax -- a checked small integer of our own, never input
  return sql`(${placeIds}[${sql.raw(String(depth))}])`;
};
/**
 * One index per indexed depth on (the record's place there, ...the list's order), named
 * `${table}_place${depth}_${suffix}`. `order()` is called once per index: desc() and nullsFirst() set
 * state on the column object itself, which the index built from it takes and clears (one array
 * shared by the three gave only the first its order).
 */
const placeIndexes = (table: string, suffix: string, placeIdsColumn: ExtraConfigColumn, order: () => Partial<ExtraConfigColumn>[], where?: SQL) =>
  Array.from({ length: PLACE_INDEX_DEPTHS }, (_, i) => {
    const built = index(`${table}_place${i + 1}_${suffix}`).on(placeAtDepth(placeIdsColumn, i + 1), ...order());
    return where ? built.where(where) : built;
  });
const trigram = (name: string, column: ExtraConfigColumn) => index(name).using('gin', column.op('gin_trgm_ops'));
/**
 * The pairs of characters of a search_text (search_bigrams(), db/sql/search.sql), for search terms too
 * short for a trigram (`hp`, `60`). With GIN's pending list, as the trigram index: without it every
 * create wrote ~85 entries into the shared pages of the common pairs, and concurrent creates queued
 * on those pages (docs/performance.md, "Writes p95").
 */
const bigrams = (name: string, column: ExtraConfigColumn) => index(name).using('gin', sql`search_bigrams(${column})`);

export const userRole = pgEnum('user_role', ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const registrationMode = pgEnum('registration_mode', REGISTRATION_MODES);
export const backupFrequency = pgEnum('backup_frequency', BACKUP_FREQUENCIES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    username: text('username').notNull(),
    /** scrypt hash in a self-describing form: scrypt$N$r$p$salt$hash */
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    role: userRole('role').notNull(),
    /** Pending accounts (approval mode) and deactivated ones cannot sign in (ADR 024). */
    status: userStatus('status').notNull().default('active'),
    /** The role asked for at sign-up while an org admin has yet to decide; null once decided. */
    requestedRole: userRole('requested_role'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** When the password last changed: the audit trail records this, never the hash. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * The location subtrees an area manager is limited to (ADR 024, "Areas"): empty for the whole
     * estate. Locations are never deleted, so the ids stay valid.
     */
    areaLocationIds: uuid('area_location_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  // Usernames are unique regardless of case, so "Alice" and "alice" cannot both register.
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_status_idx').on(t.status),
  ],
);

/**
 * The organisation's settings: one row (id 1), made at the first start with REGISTRATION_MODE.
 * `withdrawn` lists, per role, permissions an org admin has taken away from the default matrix.
 * `version` grows with every change so each app process knows when its copy is stale.
 */
export const organisationSettings = pgTable(
  'organisation_settings',
  {
    id: smallint('id').primaryKey().default(1),
    registrationMode: registrationMode('registration_mode').notNull(),
    withdrawn: jsonb('withdrawn').$type<Partial<Record<Role, Permission[]>>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Scheduled backups (ADR 026, "Schedule and retention"): off on a new install; daily, or weekly
     * on an ISO weekday (1 = Monday), at an hour of London time; after each backup the app keeps the
     * newest of each of the last `backup_keep_daily` days and `backup_keep_weekly` ISO weeks that have
     * one. `backup_enabled_at`: when the schedule was last switched on (the overdue alert counts from
     * there when no backup has succeeded since).
     */
    backupEnabled: boolean('backup_enabled').notNull().default(BACKUP_SCHEDULE_DEFAULTS.enabled),
    backupFrequency: backupFrequency('backup_frequency').notNull().default(BACKUP_SCHEDULE_DEFAULTS.frequency),
    backupHour: smallint('backup_hour').notNull().default(BACKUP_SCHEDULE_DEFAULTS.hour),
    backupWeekday: smallint('backup_weekday').notNull().default(BACKUP_SCHEDULE_DEFAULTS.weekday),
    backupKeepDaily: smallint('backup_keep_daily').notNull().default(BACKUP_SCHEDULE_DEFAULTS.keepDaily),
    backupKeepWeekly: smallint('backup_keep_weekly').notNull().default(BACKUP_SCHEDULE_DEFAULTS.keepWeekly),
    backupEnabledAt: timestamp('backup_enabled_at', { withTimezone: true }),
    /**
     * Printed label sheets (ADR 027): their QR codes encode the asset's bare code (`code`), or a
     * link `<label_link_base>/a/<assetId>` (`link`) that a phone's own camera opens; without a base
     * the server's PUBLIC_URL is used.
     */
    labelContent: text('label_content', { enum: ['code', 'link'] }).notNull().default('code'),
    labelLinkBase: text('label_link_base'),
  },
  (t) => [
    check('organisation_settings_single_row', sql`${t.id} = 1`),
    check('organisation_settings_backup_hour', sql`${t.backupHour} BETWEEN 0 AND 23`),
    check('organisation_settings_backup_weekday', sql`${t.backupWeekday} BETWEEN 1 AND 7`),
    check('organisation_settings_backup_keep_daily', sql`${t.backupKeepDaily} BETWEEN 1 AND 90`),
    check('organisation_settings_backup_keep_weekly', sql`${t.backupKeepWeekly} BETWEEN 0 AND 52`),
    check('organisation_settings_label_content', sql`${t.labelContent} IN ('code', 'link')`),
  ],
);

export const backupRunStatus = pgEnum('backup_run_status', BACKUP_RUN_STATUSES);
export const backupTrigger = pgEnum('backup_trigger', BACKUP_TRIGGERS);

/**
 * Every backup the app took or tried to take (src/server/modules/backups): the Settings page's last
 * backup and its error, and the overdue alert (GET /api/health) read it. A row is written once the
 * backup holds the engine's lock, so a run refused because another was going is never recorded; the
 * process running it refreshes `heartbeat_at` (the database's clock), and a `running` row whose
 * heartbeat stopped belonged to a process that died: it is marked failed. `started_at` and
 * `finished_at` are the app's clock (the schedule's). Not in backups (catalog.ts): it describes this
 * installation, and a snapshot would hold its own run as still running.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    trigger: backupTrigger('trigger').notNull(),
    status: backupRunStatus('status').notNull().default('running'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name'),
    error: text('error'),
    warning: text('warning'),
    storedBytes: bigint('stored_bytes', { mode: 'number' }),
    rows: bigint('rows', { mode: 'number' }),
    objects: integer('objects'),
    durationMs: integer('duration_ms'),
    pruned: integer('pruned').notNull().default(0),
  },
  (t) => [
    index('backup_runs_started_at_idx').on(t.startedAt.desc()),
    // The last successful backup (the overdue alert on every health check).
    index('backup_runs_succeeded_idx').on(t.finishedAt.desc()).where(sql`${t.status} = 'succeeded'`),
  ],
);

/** Single-use sign-up links with the role an org admin chose. Only the token's SHA-256 is stored. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull(),
    role: userRole('role').notNull(),
    email: text('email'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invites_token_hash_key').on(t.tokenHash), index('invites_created_at_idx').on(t.createdAt)],
);

/** One-time password-reset links an org admin makes for a user. Only the token's SHA-256 is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index('password_resets_user_id_idx').on(t.userId)],
);

/**
 * A user's calendar feed (ADR 025): a secret URL their calendar app polls for the due dates they
 * answer for. One per user; only the token's SHA-256 is stored, so the URL is shown once, and a new
 * one replaces (revokes) the old.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** When a calendar app last fetched it: the Account page shows that the link is in use. */
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

/** Server-side sessions. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Failed sign-in attempts, kept in the database so every app process sees the same throttle. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usernameKey: text('username_key').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_username_failed_at_idx').on(t.usernameKey, t.failedAt)],
);

/**
 * The answers to requests sent with an `Idempotency-Key` header (src/server/plugins/idempotency.ts,
 * ADR 028): a device replaying its outbox gets the original answer instead of a second record. One row
 * per user and key: claimed (status_code null) while the first request runs, then holding its status
 * and body. Only successful answers are kept, at most IDEMPOTENCY_MAX_RESPONSE_BYTES each, and rows
 * are pruned after IDEMPOTENCY_KEY_TTL_MS, so a user stores no more than the records they created.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the validated body: the same key with another body is refused (422). */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    /** When the first request claimed the key; a claim left by a process that died is taken over later. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

// ── The register ────────────────────────────────────────────────────────────────────────────────

export const locationType = pgEnum('location_type', LOCATION_TYPES);
export const assetType = pgEnum('asset_type', ASSET_TYPES);
export const assetCondition = pgEnum('asset_condition', CONDITIONS);
export const assetStatus = pgEnum('asset_status', ASSET_STATUSES);
export const complianceValue = pgEnum('compliance_value', COMPLIANCE_VALUES);
export const defectSeverity = pgEnum('defect_severity', DEFECT_SEVERITIES);
export const actionCategory = pgEnum('action_category', ACTION_CATEGORIES);
export const actionPriority = pgEnum('action_priority', ACTION_PRIORITIES);
export const actionStatus = pgEnum('action_status', ACTION_STATUSES);

/** Human-readable codes come from sequences: unique under concurrent creates, across app processes. */
export const assetCodeSeq = pgSequence('asset_code_seq');
export const actionCodeSeq = pgSequence('action_code_seq');
export const assessmentCodeSeq = pgSequence('assessment_code_seq');

/**
 * Locations form a tree through parentId. Each row also stores its full name path and the ids of its
 * ancestors (root first), maintained on write, so subtree filters and paths need no recursion on read.
 */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    type: locationType('type').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => locations.id, { onDelete: 'restrict' }),
    code: text('code'),
    description: text('description'),
    gpsLat: text('gps_lat'),
    gpsLon: text('gps_lon'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    path: text('path').notNull(),
    ancestorIds: uuid('ancestor_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Who created it; null for locations loaded in bulk or made before creators were kept. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_parent_id_idx').on(t.parentId),
    index('locations_created_by_idx').on(t.createdBy),
    index('locations_type_path_idx').on(t.type, t.path),
    index('locations_ancestor_ids_idx').using('gin', t.ancestorIds),
    trigram('locations_path_trgm_idx', t.path),
  ],
);

export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    assetId: text('asset_id')
      .notNull()
      .default(sql`('AST-' || lpad(nextval('asset_code_seq')::text, 6, '0'))`),
    /** Idempotency key from field devices: the same value twice creates one asset. */
    clientAssetId: text('client_asset_id'),
    type: assetType('type').notNull(),
    subtype: text('subtype'),
    make: text('make'),
    model: text('model'),
    serial: text('serial'),
    description: text('description'),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    placeIds: placeIds(),
    locationPath: text('location_path').notNull(),
    installDate: text('install_date'),
    warrantyExpiry: text('warranty_expiry'),
    condition: assetCondition('condition').notNull(),
    conditionNotes: text('condition_notes'),
    complianceFire: complianceValue('compliance_fire').notNull().default('na'),
    complianceElectrical: complianceValue('compliance_electrical').notNull().default('na'),
    complianceLoler: complianceValue('compliance_loler').notNull().default('na'),
    complianceHygiene: complianceValue('compliance_hygiene').notNull().default('na'),
    qrCode: text('qr_code'),
    barcode: text('barcode'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    photoUrls: text('photo_urls').array().notNull().default(sql`'{}'::text[]`),
    status: assetStatus('status').notNull().default('draft'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
    /** Everything the list's search box matches, lower-cased, behind one trigram index. */
    searchText: text('search_text').generatedAlwaysAs(
      // enum-to-text casts are not immutable, so the type's words are spelled out.
      sql`lower(asset_id || ' ' || coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || coalesce(serial, '') || ' ' || coalesce(description, '') || ' ' || location_path || ' ' || CASE type WHEN 'fire_door' THEN 'fire_door fire door' WHEN 'hvac' THEN 'hvac' WHEN 'pc' THEN 'pc' WHEN 'monitor' THEN 'monitor' WHEN 'printer' THEN 'printer' WHEN 'meter' THEN 'meter' WHEN 'roof' THEN 'roof' ELSE 'other' END)`,
    ),
  },
  (t) => [
    uniqueIndex('assets_asset_id_key').on(t.assetId),
    uniqueIndex('assets_client_asset_id_key').on(t.clientAssetId),
    index('assets_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('assets_condition_created_at_idx').on(t.condition, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('assets_type_created_at_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A location's assets newest first; an area manager's lists of a small area read each of its
    // locations' first rows through it (ADR 024, "Areas"). Also the location's foreign-key index.
    // Migration 0028 adds INCLUDE (search_text), which drizzle cannot declare: a small area's search
    // tests the text in the index alone (search/matches.ts, keyedScan()). Changed here, it must be
    // re-created with it by hand.
    index('assets_location_id_created_at_idx').on(t.locationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An area's assets newest first (placeIndexes()).
    ...placeIndexes('assets', 'created_at_idx', t.placeIds, () => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()]),
    index('assets_created_by_idx').on(t.createdBy),
    // A scanned code finds its asset by barcode as well as by assetId and clientAssetId (ADR 027).
    index('assets_barcode_idx').on(t.barcode),
    // An import matches rows by serial when no code is given (ADR 029).
    index('assets_serial_idx').on(t.serial),
    trigram('assets_search_text_trgm_idx', t.searchText),
    bigrams('assets_search_bigrams_idx', t.searchText),
  ],
);

export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Supplied by the client (idempotent retries) or generated as ASM-000001. */
    assessmentId: text('assessment_id')
      .notNull()
      .default(sql`('ASM-' || lpad(nextval('assessment_code_seq')::text, 6, '0'))`),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    condition: assetCondition('condition').notNull(),
    conditionNotes: text('condition_notes'),
    assessedBy: uuid('assessed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assessedAt: timestamp('assessed_at', { withTimezone: true }).notNull(),
    createdAt: createdAtMs(),
  },
  (t) => [
    uniqueIndex('assessments_assessment_id_key').on(t.assessmentId),
    index('assessments_asset_id_assessed_at_idx').on(t.assetId, t.assessedAt.desc().nullsFirst()),
    index('assessments_assessed_by_idx').on(t.assessedBy),
  ],
);

export const defects = pgTable(
  'defects',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    code: text('code'),
    description: text('description').notNull(),
    severity: defectSeverity('severity').notNull(),
    createdAt: createdAtMs(),
  },
  (t) => [index('defects_assessment_id_idx').on(t.assessmentId)],
);

/**
 * `status IN ('open', 'in_progress', 'waiting')`: an action whose work is still to do
 * (OPEN_ACTION_STATUSES), the only kind that can be overdue. The statuses are written as literals,
 * not parameters, so PostgreSQL can see that a query's condition matches the partial indexes below
 * whatever plan it keeps for a prepared statement.
 */
export function actionIsOpen(status: SQLWrapper): SQL {
  const literals = OPEN_ACTION_STATUSES.map((value) => {
    if (!/^[a-z_]+$/.test(value)) throw new Error(`Unexpected action status: ${value}`);
    // eslint-disable-next-line no-restricted-syntax -- a checked value of our own enum, never input
    return sql.raw(`'${value}'`);
  });
  return sql`${status} IN (${sql.join(literals, sql`, `)})`;
}

export const actions = pgTable(
  'actions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    actionId: text('action_id')
      .notNull()
      .default(sql`('ACT-' || lpad(nextval('action_code_seq')::text, 6, '0'))`),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    /**
     * The linked asset's code (AST-…), copied by the trigger actions_asset_code_set on every insert
     * and change of asset_id (db/sql/action-asset-code.sql), so a page of actions shows its assets' codes without
     * looking up an asset per row (that join was 40 % of the list's SQL). Asset codes never change.
     */
    assetCode: text('asset_code'),
    /**
     * Where the linked asset lies, copied by the same trigger and kept in step when the asset moves
     * (db/sql/action-asset-code.sql, asset-moves.sql), so an area manager's lists and counts read
     * the action's own row (ADR 024, "Areas"). Null for an action on no asset: the whole estate's.
     */
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    placeIds: placeIds(),
    assessmentId: uuid('assessment_id').references(() => assessments.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description'),
    category: actionCategory('category').notNull().default('maintenance'),
    priority: actionPriority('priority').notNull(),
    status: actionStatus('status').notNull().default('open'),
    assignee: text('assignee'),
    targetDate: text('target_date'),
    completedDate: text('completed_date'),
    /**
     * A remedial action raised by compliance (ADR 025): the obligation it serves, and either the
     * inspection whose result raised it or the due date the obligation fell overdue for. Each
     * inspection raises one action at most, and so does each missed due date.
     */
    obligationId: uuid('obligation_id').references((): AnyPgColumn => obligations.id, { onDelete: 'set null' }),
    inspectionId: uuid('inspection_id').references((): AnyPgColumn => inspections.id, { onDelete: 'set null' }),
    overdueFor: date('overdue_for'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(action_id || ' ' || title || ' ' || coalesce(description, '') || ' ' || coalesce(assignee, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('actions_action_id_key').on(t.actionId),
    index('actions_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('actions_status_priority_created_at_idx').on(t.status, t.priority, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('actions_priority_created_at_idx').on(t.priority, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('actions_asset_id_idx').on(t.assetId),
    // INCLUDE (search_text) as the assets' location index above (migration 0028).
    index('actions_location_id_created_at_idx').on(t.locationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('actions_assessment_id_idx').on(t.assessmentId),
    index('actions_created_by_idx').on(t.createdBy),
    index('actions_obligation_id_idx').on(t.obligationId).where(sql`${t.obligationId} IS NOT NULL`),
    // Due dates (ADR 025, step 7): the list by target date (undated last, as ASC puts NULLs); the
    // overdue actions in that order and their count for the dashboard (open ones only: most actions
    // past their date are done); an area's overdue actions and count, location by location.
    index('actions_target_date_id_idx').on(t.targetDate, t.id),
    index('actions_open_target_date_id_idx').on(t.targetDate, t.id).where(actionIsOpen(t.status)),
    index('actions_location_id_open_target_date_idx').on(t.locationId, t.targetDate, t.id).where(actionIsOpen(t.status)),
    // An area's actions newest first, and its open ones by target date (placeIndexes()).
    ...placeIndexes('actions', 'created_at_idx', t.placeIds, () => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()]),
    ...placeIndexes('actions', 'open_target_date_idx', t.placeIds, () => [t.targetDate, t.id], actionIsOpen(t.status)),
    uniqueIndex('actions_inspection_id_key').on(t.inspectionId).where(sql`${t.inspectionId} IS NOT NULL`),
    uniqueIndex('actions_obligation_id_overdue_for_key').on(t.obligationId, t.overdueFor).where(sql`${t.overdueFor} IS NOT NULL`),
    trigram('actions_search_text_trgm_idx', t.searchText),
    bigrams('actions_search_bigrams_idx', t.searchText),
  ],
);

/**
 * Photo and video evidence (spec §3 Media), and inspections' PDF certificates ('document'). Rows
 * recorded through POST /api/media keep the stored object's key (and its thumbnail's), so deleting
 * the row or its asset can delete the files too.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    assessmentId: uuid('assessment_id').references(() => assessments.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id').references(() => actions.id, { onDelete: 'cascade' }),
    /** An inspection's evidence (ADR 025); also on the obligation's asset, when it is an asset's. */
    inspectionId: uuid('inspection_id').references((): AnyPgColumn => inspections.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    url: text('url').notNull(),
    filename: text('filename').notNull(),
    filesize: integer('filesize'),
    mimeType: text('mime_type'),
    caption: text('caption'),
    gpsLat: text('gps_lat'),
    gpsLon: text('gps_lon'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** `uploads/<uuid>` in object storage; null only for rows that predate uploads. */
    objectKey: text('object_key'),
    /** `thumbs/<uuid>.webp`, a 320 px preview of a photo; null for videos and documents. */
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('media_asset_id_created_at_idx').on(t.assetId, t.createdAt.desc().nullsFirst()),
    index('media_assessment_id_idx').on(t.assessmentId),
    index('media_action_id_idx').on(t.actionId),
    // Few media are an inspection's: the index holds only those (the history's evidence, the cascade).
    index('media_inspection_id_idx').on(t.inspectionId).where(sql`${t.inspectionId} IS NOT NULL`),
    index('media_uploaded_by_idx').on(t.uploadedBy),
    // One row per stored object: deleting a row deletes its file, which no other row may share.
    uniqueIndex('media_object_key_key').on(t.objectKey),
  ],
);

// ── Meters ──────────────────────────────────────────────────────────────────────────────────────

export const meterType = pgEnum('meter_type', METER_TYPES);

export const meters = pgTable(
  'meters',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    meterNumber: text('meter_number').notNull(),
    type: meterType('type').notNull(),
    unit: text('unit').notNull(),
    multiplier: integer('multiplier').notNull().default(1),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    placeIds: placeIds(),
    locationPath: text('location_path').notNull(),
    /** The reading with the latest reading date, kept in the same transaction as each new reading. */
    lastReading: integer('last_reading'),
    lastReadingDate: timestamp('last_reading_date', { withTimezone: true }),
    createdAt: createdAtMs(),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(meter_number || ' ' || location_path)`),
  },
  (t) => [
    // Meter numbers are unique regardless of case ("EL-001" and "el-001" are the same meter).
    uniqueIndex('meters_meter_number_lower_key').on(sql`lower(${t.meterNumber})`),
    index('meters_location_id_idx').on(t.locationId),
    // The meters list's order and the search's walk and sample over it.
    index('meters_meter_number_id_idx').on(t.meterNumber, t.id),
    trigram('meters_search_text_trgm_idx', t.searchText),
    bigrams('meters_search_bigrams_idx', t.searchText),
    check('meters_multiplier_positive', sql`${t.multiplier} >= 1`),
  ],
);

export const meterReadings = pgTable(
  'meter_readings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    meterId: uuid('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    reading: integer('reading').notNull(),
    readingDate: timestamp('reading_date', { withTimezone: true }).notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    notes: text('notes'),
    photoUrl: text('photo_url'),
    /** The meter was replaced or rolled over here: no consumption is computed across this reading. */
    isReset: boolean('is_reset').notNull().default(false),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('meter_readings_meter_id_reading_date_idx').on(t.meterId, t.readingDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('meter_readings_recorded_by_idx').on(t.recordedBy),
    check('meter_readings_reading_non_negative', sql`${t.reading} >= 0`),
  ],
);

// ── Report exports ──────────────────────────────────────────────────────────────────────────────

export const reportType = pgEnum('report_type', REPORT_TYPES);
export const exportFormat = pgEnum('export_format', EXPORT_FORMATS);

// ── Compliance (ADR 025) ─────────────────────────────────────────────────────────────────────────

export const regimeCategory = pgEnum('regime_category', REGIME_CATEGORIES);
export const intervalUnit = pgEnum('interval_unit', INTERVAL_UNITS);
export const anchorRule = pgEnum('anchor_rule', ANCHOR_RULES);

/**
 * The organisation's inspection regimes: the UK catalogue (shared/domain/compliance/regimes.ts),
 * copied in at the first start, and what admins add. Regimes are retired, never deleted: obligations
 * and their history refer to them.
 */
export const complianceRegimes = pgTable(
  'compliance_regimes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The catalogue's stable slug, or one made from an added regime's name. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    category: regimeCategory('category').notNull(),
    intervalCount: integer('interval_count').notNull(),
    intervalUnit: intervalUnit('interval_unit').notNull(),
    dueSoonDays: integer('due_soon_days').notNull(),
    anchor: anchorRule('anchor').notNull(),
    certificateRequired: boolean('certificate_required').notNull(),
    readings: jsonb('readings').$type<ReadingDefinition[]>().notNull().default(sql`'[]'::jsonb`),
    reference: text('reference').notNull(),
    assetTypes: text('asset_types').array().notNull().default(sql`'{}'::text[]`),
    locationTypes: text('location_types').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('compliance_regimes_key_key').on(t.key),
    check('compliance_regimes_interval_positive', sql`${t.intervalCount} > 0`),
    check('compliance_regimes_due_soon_days_range', sql`${t.dueSoonDays} >= 0`),
  ],
);


export const obligationState = pgEnum('obligation_state', OBLIGATION_STATES);
export const obligationStatus = pgEnum('obligation_status', OBLIGATION_STATUSES);
export const inspectionResult = pgEnum('inspection_result', INSPECTION_RESULTS);

/**
 * A regime on an asset or on a location (ADR 025). `location_id` is where it lies either way (an
 * asset's obligations follow the asset when it moves: db/sql/asset-moves.sql), for areas and roll-ups.
 * `status` is the shared rule's answer on the day it was computed, and `status_changes_on` the day
 * the calendar alone changes it; the compliance calendar job recomputes it then.
 */
export const obligations = pgTable(
  'obligations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    regimeId: uuid('regime_id')
      .notNull()
      .references(() => complianceRegimes.id, { onDelete: 'restrict' }),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    /** The obligation's own interval, when it differs from the regime's, and why. */
    intervalCount: integer('interval_count'),
    intervalUnit: intervalUnit('interval_unit'),
    intervalReason: text('interval_reason'),
    responsibleUserId: uuid('responsible_user_id').references(() => users.id, { onDelete: 'set null' }),
    contractor: text('contractor'),
    state: obligationState('state').notNull().default('active'),
    stateReason: text('state_reason'),
    stateSetBy: uuid('state_set_by').references(() => users.id, { onDelete: 'set null' }),
    startOn: date('start_on'),
    lastCompletedOn: date('last_completed_on'),
    lastResult: inspectionResult('last_result'),
    lastInspectionId: uuid('last_inspection_id'),
    /** The counting inspection's certificate number (kept with last_inspection_id). */
    lastCertificateNumber: text('last_certificate_number'),
    certificateExpiresOn: date('certificate_expires_on'),
    nextDueOn: date('next_due_on'),
    /** The counting inspection failed and the action it raised is not done yet (kept with the status). */
    remedialActionOpen: boolean('remedial_action_open').notNull().default(false),
    status: obligationStatus('status').notNull(),
    statusChangesOn: date('status_changes_on'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAtMs(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One obligation per regime on an asset, and per regime on a location itself.
    uniqueIndex('obligations_regime_asset_key').on(t.regimeId, t.assetId).where(sql`${t.assetId} IS NOT NULL`),
    uniqueIndex('obligations_regime_location_key').on(t.regimeId, t.locationId).where(sql`${t.assetId} IS NULL`),
    index('obligations_asset_id_idx').on(t.assetId),
    index('obligations_location_id_idx').on(t.locationId),
    // The compliance work list, soonest due first, whole or by status.
    index('obligations_next_due_on_id_idx').on(t.nextDueOn, t.id),
    index('obligations_status_next_due_on_id_idx').on(t.status, t.nextDueOn, t.id),
    // A person's own duties ("Due for you" on every dashboard, their calendar feed, the work list's
    // "Only mine"), soonest due first: without it someone with none would scan every obligation.
    index('obligations_responsible_user_id_next_due_on_id_idx').on(t.responsibleUserId, t.nextDueOn, t.id),
    // The work list of one regime or category, soonest due first: most regimes hold a few hundred of
    // the estate's obligations, which a walk of the estate's due order passes all of to find.
    index('obligations_regime_id_next_due_on_id_idx').on(t.regimeId, t.nextDueOn, t.id),
    // The calendar job's work for the day.
    index('obligations_status_changes_on_idx').on(t.statusChangesOn).where(sql`${t.statusChangesOn} IS NOT NULL`),
    check('obligations_interval_whole', sql`(${t.intervalCount} IS NULL) = (${t.intervalUnit} IS NULL) AND coalesce(${t.intervalCount}, 1) > 0`),
  ],
);

/**
 * What proves an obligation was met (ADR 025): append-only. A correction is a new row naming the one
 * it corrects; the corrected row then no longer counts. The id may come from the client, so a retry
 * from a phone finds the first record.
 */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    obligationId: uuid('obligation_id')
      .notNull()
      .references(() => obligations.id, { onDelete: 'cascade' }),
    performedOn: date('performed_on').notNull(),
    result: inspectionResult('result').notNull(),
    performedById: uuid('performed_by_id').references(() => users.id, { onDelete: 'set null' }),
    contractor: text('contractor'),
    readings: jsonb('readings').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    certificateNumber: text('certificate_number'),
    certificateExpiresOn: date('certificate_expires_on'),
    notes: text('notes'),
    correctsId: uuid('corrects_id').references((): AnyPgColumn => inspections.id, { onDelete: 'set null' }),
    recordedById: uuid('recorded_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAtMs(),
  },
  (t) => [
    index('inspections_obligation_id_performed_on_idx').on(t.obligationId, t.performedOn.desc()),
    uniqueIndex('inspections_corrects_id_key').on(t.correctsId).where(sql`${t.correctsId} IS NOT NULL`),
  ],
);

export const reminderThreshold = pgEnum('reminder_threshold', REMINDER_THRESHOLDS);
export const reminderOutcome = pgEnum('reminder_outcome', REMINDER_OUTCOMES);

/**
 * Each reminder the email digests owe or gave (ADR 025, reminders): one row per obligation, threshold
 * and due date, written (claimed) before the email is sent, so a restart or a second app process
 * never sends it again; an inspection that moves the due date on makes a new key, and a new reminder.
 * `user_id` is who it was for when claimed (null: no one was responsible).
 */
export const complianceReminders = pgTable(
  'compliance_reminders',
  {
    obligationId: uuid('obligation_id')
      .notNull()
      .references(() => obligations.id, { onDelete: 'cascade' }),
    threshold: reminderThreshold('threshold').notNull(),
    dueOn: date('due_on').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    outcome: reminderOutcome('outcome').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the SMTP server accepted the digest that listed it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.obligationId, t.threshold, t.dueOn] }),
    index('compliance_reminders_user_id_idx').on(t.userId),
    // The job's look for what is not yet reminded reads only the reminders of recent and coming due
    // dates, not every one ever sent.
    index('compliance_reminders_threshold_due_on_idx').on(t.threshold, t.dueOn),
    // Claims a process left unsent (it stopped mid-run), for the next run to take over.
    index('compliance_reminders_sending_claimed_at_idx').on(t.claimedAt).where(sql`${t.outcome} = 'sending'`),
  ],
);

/** A user's choice about email digests; no row: on (the default whenever SMTP is configured). */
export const emailDigestPreferences = pgTable('email_digest_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});


/** Each generated report file: who made it, what it covers and where the file is stored. */
export const reportExports = pgTable(
  'report_exports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportType: reportType('report_type').notNull(),
    format: exportFormat('format').notNull(),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    locationName: text('location_name'),
    filename: text('filename').notNull(),
    objectKey: text('object_key').notNull(),
    size: integer('size').notNull(),
    rowCount: integer('row_count').notNull(),
    createdAt: createdAtMs(),
  },
  (t) => [index('report_exports_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()), index('report_exports_location_id_idx').on(t.locationId)],
);

// ── Aggregates kept by triggers (db/sql/dashboard-counts.sql) ────────────────────────────────────────────────

/**
 * Asset counts per creation month and condition, kept by a trigger in the same transaction as every
 * insert, delete and condition change, so the dashboard reads ~100 rows instead of counting the
 * register. Each key is spread over a few slots (from the asset id) so concurrent creates do not
 * queue on one row. Exact, never stale.
 */
export const assetCounts = pgTable(
  'asset_counts',
  {
    month: date('month').notNull(),
    condition: assetCondition('condition').notNull(),
    slot: smallint('slot').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.condition, t.slot] })],
);

/** Action counts per status and priority, kept like asset_counts. */
export const actionCounts = pgTable(
  'action_counts',
  {
    status: actionStatus('status').notNull(),
    priority: actionPriority('priority').notNull(),
    slot: smallint('slot').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.priority, t.slot] })],
);

/**
 * The same counts per location, each location's rows counting what lies there or anywhere below it
 * (an asset is counted at its location and at every ancestor). An area manager's dashboard sums the
 * rows of their area roots instead of counting the area's assets (ADR 024 "Areas"). Locations never
 * change parent, so a row's subtree is fixed; a moved asset or action moves its counts.
 *
 * A location's rows are read together (a node of the location tree sums them; a dashboard or
 * /compliance for an area groups them) but written one at a time over years, so they lie scattered
 * over the table, a page each. Each counts table has an index of its key and n (`…_read_idx`) that
 * answers those reads without the table (index-only scans); counter updates are then no longer HOT.
 */
export const locationAssetCounts = pgTable(
  'location_asset_counts',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    condition: assetCondition('condition').notNull(),
    slot: smallint('slot').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.month, t.condition, t.slot] }),
    index('location_asset_counts_read_idx').on(t.locationId, t.month, t.condition, t.n),
  ],
);

/** Action counts per location (and everything below it), status and priority, kept like location_asset_counts. */
export const locationActionCounts = pgTable(
  'location_action_counts',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    status: actionStatus('status').notNull(),
    priority: actionPriority('priority').notNull(),
    slot: smallint('slot').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.status, t.priority, t.slot] }),
    index('location_action_counts_read_idx').on(t.locationId, t.status, t.priority, t.n),
  ],
);

/**
 * Actions still to do (actionIsOpen) per location (and everything below it) and target date, kept
 * like location_asset_counts: an area's overdue count is the sum of its roots' rows dated before
 * today, where counting the area's actions probed each of its locations (thousands for a region).
 * Actions without a target date are never overdue and are not counted.
 */
export const locationActionDueCounts = pgTable(
  'location_action_due_counts',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** As actions.target_date: a calendar date, 'YYYY-MM-DD'. */
    targetDate: text('target_date').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.targetDate] }), index('location_action_due_counts_read_idx').on(t.locationId, t.targetDate, t.n)],
);

/**
 * Obligations per location (and everything below it), regime and status, kept by a trigger in the
 * writer's transaction like location_asset_counts (db/sql/compliance-counts.sql): /compliance's
 * figures and its location × regime matrix sum these rows instead of reading the obligations
 * (ADR 025). A status the calendar moves is counted when the calendar job stores it.
 * Each key is spread over 4 slots (from the obligation's id), as the dashboard's counts are: every
 * inspection of a regime moves its estate root's row, so concurrent recordings queued on one row.
 * A rebuild counts each key in slot 0 and later moves land in their obligation's slot, so one slot's
 * n may be below zero: only the sum of a key's slots is a count.
 */
export const locationComplianceCounts = pgTable(
  'location_compliance_counts',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    regimeId: uuid('regime_id')
      .notNull()
      .references(() => complianceRegimes.id, { onDelete: 'cascade' }),
    status: obligationStatus('status').notNull(),
    slot: smallint('slot').notNull().default(0),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.regimeId, t.status, t.slot] }),
    index('location_compliance_counts_read_idx').on(t.locationId, t.regimeId, t.status, t.n),
  ],
);

/**
 * Every distinct word (letters only, 3+ characters) of the searchable text of assets, actions and
 * meters, kept by triggers. Global search looks a mistyped word up here (trigram similarity over a
 * few thousand words) instead of comparing it with every row of the register.
 */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (t) => [trigram('search_words_word_trgm_idx', t.word)],
);

/**
 * Append-only history of every create, update and delete of the register's records, written by
 * triggers in the same transaction as the change. `actor_id` is the signed-in user the app names with
 * `app.actor_id` for the transaction. `asset_id` ties a row to the asset whose History tab shows it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorId: uuid('actor_id'),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    assetId: uuid('asset_id'),
    operation: text('operation').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The spreadsheet import whose commit made the change (app.import_id; ADR 029), else null. */
    importId: uuid('import_id'),
  },
  (t) => [
    index('audit_log_asset_id_id_idx').on(t.assetId, t.id.desc().nullsFirst()),
    index('audit_log_entity_id_idx').on(t.entityId),
    index('audit_log_actor_id_idx').on(t.actorId),
    // The administrative entries (users, invites, settings, the compliance regimes:
    // modules/users/admin-audit.repo.ts), a few among the register's many, read newest first.
    index('audit_log_admin_idx')
      .on(t.id)
      .where(sql`${t.entity} IN ('users', 'invites', 'organisation_settings', 'compliance_regimes')`),
    check('audit_log_operation_valid', sql`${t.operation} IN ('create', 'update', 'delete')`),
  ],
);

/**
 * Every upload URL, presigned POST and multipart upload handed out (src/server/modules/uploads). It
 * counts against the user's rolling 24 h quota: the declared size (10 MB when undeclared) until the
 * stored size is known. The clean-up deletes the object of a grant that no media row records within
 * the grace period (and marks it discarded), and drops rows once they are past both the grace period
 * and the quota window, so the table holds about a day of uploads.
 */
export const uploadGrants = pgTable(
  'upload_grants',
  {
    /** `uploads/<uuid>`, as issued. */
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    declaredSize: integer('declared_size'),
    /**
     * Issued for an upload sent in pieces (ADR 030): the pieces are objects of their own until the
     * last one arrives, so the clean-up deletes them with a never-recorded upload.
     */
    resumable: boolean('resumable').notNull().default(false),
    /** Bytes stored (at most 10 MB: anything larger is deleted, never kept). */
    storedSize: integer('stored_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the clean-up deleted the never-recorded object. */
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
  },
  (t) => [index('upload_grants_user_id_created_at_idx').on(t.userId, t.createdAt), index('upload_grants_created_at_idx').on(t.createdAt)],
);

export const importStatus = pgEnum('import_status', IMPORT_STATUSES);
export const importFormat = pgEnum('import_format', IMPORT_FORMATS);

/**
 * Spreadsheet imports (src/server/modules/import, ADR 029): the uploaded file (kept under
 * DATA_DIR/imports for a day), the mapping of its last dry run, where the job stands and what the
 * dry run found. Only the file's SHA-256 and name are kept once the file has gone.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    format: importFormat('format').notNull(),
    /** Each sheet's name, headers, row count and sample, as the upload read them. */
    sheets: jsonb('sheets').$type<unknown[]>().notNull(),
    sheet: text('sheet'),
    mapping: jsonb('mapping').$type<(string | null)[]>(),
    valueSynonyms: jsonb('value_synonyms').$type<Record<string, Record<string, string>>>(),
    status: importStatus('status').notNull().default('uploaded'),
    message: text('message'),
    counts: jsonb('counts').$type<{ create: number; update: number; unchanged: number; error: number; inspections?: number; readings?: number }>(),
    /** The dry run's diffs sample, new-location tree and first errors (ADR 029). */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    /** The new locations the dry run found, as their paths joined: a commit creating others is refused. */
    newLocationsKey: text('new_locations_key'),
    /**
     * While a dry run or commit runs, the process running it refreshes this (the database's clock)
     * with the rows it has read: any process answers the progress, and a job whose heartbeat stopped
     * belonged to a process that died (ADR 029).
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    rowsDone: integer('rows_done').notNull().default(0),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    /** When the file and its row errors were removed from the object storage (a day after the upload). */
    filesRemovedAt: timestamp('files_removed_at', { withTimezone: true }),
  },
  (t) => [index('imports_created_at_idx').on(t.createdAt.desc()), index('imports_created_by_idx').on(t.createdBy)],
);

/** Column mappings saved by name to reuse with the next file (by header name), with extra value synonyms. */
export const importMappings = pgTable('import_mappings', {
  name: text('name').primaryKey(),
  mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
  valueSynonyms: jsonb('value_synonyms').$type<Record<string, Record<string, string>>>().notNull().default({}),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
