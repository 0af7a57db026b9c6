import crypto from 'node:crypto';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import type { AppContext } from './app-context';
import { createStorage, type ObjectStorage } from './storage';
import { HttpError } from './http-errors';
import { redactUrlPassword, requestLogSerializer } from './log-redaction';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/session';
import { registerSlowBodyCutoff } from './plugins/slow-body';
import { registerReadRateLimit } from './plugins/read-rate-limit';
import { registerClientStatic } from './plugins/client-static';
import { RESOURCES } from './resources';
import { authRoutes } from './modules/auth/auth.routes';
import { accountRoutes } from './modules/auth/account.routes';
import { usersRoutes } from './modules/users/users.routes';
import { invitesRoutes } from './modules/users/invites.routes';
import { settingsRoutes } from './modules/users/settings.routes';
import { listenForAccessEvents } from './policy/access-events';
import { organisationSettingsStore } from './policy/organisation-settings';
import { accessPolicy } from './policy/policy';
import { registerRoutePermissions } from './policy/route-permissions';
import { registerIdempotency } from './idempotency/idempotency.plugin';
import { loginThrottle } from './modules/auth/login-throttle';
import { schedulePeriodic } from './jobs/periodic';
import { advanceComplianceCalendar, COMPLIANCE_CALENDAR_INTERVAL_MS } from './modules/compliance/compliance-calendar';
import { EMAIL_DIGEST_FIRST_RUN_AFTER_MS, EMAIL_DIGEST_INTERVAL_MS, emailDigestJob, type EmailDigestJob } from './modules/compliance/email-digests';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../shared/domain/compliance/calendar-date';
import { healthRoutes } from './modules/health/health.routes';
import { registerOpenApi } from './modules/openapi/openapi.plugin';
import { historyRoutes } from './modules/history/history.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { scheduleUploadCleanup } from './modules/uploads/upload-cleanup';
import { searchRoutes } from './modules/search/search.routes';
import { pruneSearchVocabulary, VOCABULARY_PRUNE_INTERVAL_MS } from './modules/search/vocabulary-prune';
import { mergeSearchIndexes, SEARCH_INDEX_MERGE_INTERVAL_MS } from './modules/search/index-merge';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { scanRoutes } from './modules/scan/scan.routes';
import { labelsRoutes } from './modules/labels/labels.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { scheduleExportCleanup } from './modules/reports/export-retention';
import { BACKUP_CHECK_INTERVAL_MS, BACKUP_FIRST_CHECK_AFTER_MS, backupService, type BackupDatabase, type BackupService } from './modules/backups/backup-service';
import { backupsRoutes } from './modules/backups/backups.routes';
import { importsRoutes } from './modules/import/imports.routes';
import { offlineCopyRoutes } from './modules/offline-copy/offline-copy.routes';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Object storage; by default S3 when configured, else files under DATA_DIR/objects. */
  storage?: ObjectStorage;
  /** The clock; tests replace it to move time forward. */
  now?: () => Date;
  /** Folder of the built client (index.html); omitted in API tests. */
  clientDir?: string;
  /** Replaces the whole logger configuration (Fastify 5 takes options here, not a pino instance). */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes its JSON lines (stdout when omitted); tests capture them here. */
  logStream?: DestinationStream;
  /** Called for every route as it is registered; tests use it to list the whole route table. */
  onRoute?: (route: RouteOptions) => void;
  /**
   * What backups read (ADR 026): the URL the app was given, as the tables' owner. Without it (the
   * API reference script) the app's own pool's URL is used.
   */
  backupDatabase?: BackupDatabase;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The email digests job (ADR 025, reminders); null when SMTP_URL is not set. */
    emailDigests: EmailDigestJob | null;
    /** Scheduled backups and "Back up now" (ADR 026); tests check the schedule through it. */
    backups: BackupService;
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;
const LOGIN_FAILURE_PRUNE_INTERVAL_MS = 60 * 60_000;

/** A hop count becomes "trust the nearest n addresses"; Fastify's types take only the other forms. */
function trustProxyOption(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the whole app without listening: main.ts listens, tests call inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const storage = options.storage ?? (await createStorage(options.config));

  const app = Fastify({
    logger: options.logger ?? {
      level: options.config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: requestLogSerializer },
      ...(options.logStream && { stream: options.logStream }),
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(options.config.trustProxy),
    // Stalled or trickling clients cannot hold a connection: the whole request (an upload included)
    // must arrive within requestTimeout, and a JSON body within bodyTimeout (registerSlowBodyCutoff).
    requestTimeout: options.config.http.requestTimeoutMs,
    keepAliveTimeout: options.config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(options.config.http.headersTimeoutMs, options.config.http.requestTimeoutMs),
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(5_000, options.config.http.headersTimeoutMs / 2),
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const accessEvents = listenForAccessEvents(options.db, app.log);
  app.addHook('onClose', () => accessEvents.close());
  // Served from the first request with its caches trusted (a failed attempt only means none are kept).
  app.addHook('onReady', () => accessEvents.firstAttempt);
  const settings = organisationSettingsStore(options.db, accessEvents, options.config.registrationMode);
  const ctx: AppContext = {
    config: options.config,
    db: options.db,
    storage,
    // main.ts always provides the secret; an app built without one (tests) signs with a random one.
    secret: options.config.sessionSecret ?? crypto.randomBytes(32).toString('base64url'),
    now: options.now ?? (() => new Date()),
    accessEvents,
    settings,
    policy: accessPolicy(settings),
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // br/gzip for JSON and other text over 1 KB (users are on poor mobile signal). Registered before any
  // route: it hooks each route as it is added. Brotli quality 4 is fast enough per request. Replies that
  // already carry Content-Encoding (the precompressed client files) and 206 ranges pass through as they
  // are. Only responses: our client never compresses request bodies, and inflating them would let a
  // small upload expand past the checks on its declared size.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // The plugin's default list minus application/octet-stream: binary media downloads (sent with
    // Content-Length and byte ranges) gain nothing; other types fall back to mime-db's compressible flag.
    customTypes: /^text\/(?!event-stream)|[+/](?:json|text|xml)(?:;|$)/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerSecurity(app, { storageOrigin: storage.kind === 's3' ? storage.origin : undefined });
  registerReadRateLimit(app, options.config.readRateLimitPerMinute);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Try again in ${context.after}.`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  registerSlowBodyCutoff(app, options.config.http.bodyTimeoutMs);
  await registerSessions(app, ctx);
  registerRoutePermissions(app, ctx.policy, ctx.db);
  // After the access checks (its preHandler runs once the user may make the request), before the routes.
  registerIdempotency(app, ctx);
  // Before the route modules: the OpenAPI document lists the routes registered after it.
  await registerOpenApi(app);

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(invitesRoutes(ctx));
  await app.register(settingsRoutes(ctx));
  const backups = backupService(
    ctx,
    options.backupDatabase ?? { url: options.db.$client.options.connectionString ?? '', kind: 'server' },
    app.log,
  );
  app.decorate('backups', backups);
  // First thing on close, while the pool is still open to record it: a backup in progress is stopped, not waited for.
  app.addHook('preClose', () => backups.close());
  await app.register(backupsRoutes(backups));
  for (const resource of RESOURCES) await app.register((await resource.routes())(ctx));
  await app.register(historyRoutes(ctx));
  await app.register(uploadsRoutes(ctx));
  await app.register(searchRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(scanRoutes(ctx));
  await app.register(labelsRoutes(ctx));
  await app.register(reportsRoutes(ctx));
  await app.register(importsRoutes(ctx));
  await app.register(offlineCopyRoutes(ctx));

  await registerClientStatic(app, options.clientDir);
  scheduleUploadCleanup(app, ctx);
  scheduleExportCleanup(app, ctx);
  schedulePeriodic(app, 'pruning old sign-in failures', LOGIN_FAILURE_PRUNE_INTERVAL_MS, () => loginThrottle(ctx.db).prune(ctx.now()));
  schedulePeriodic(app, 'pruning the search vocabulary', VOCABULARY_PRUNE_INTERVAL_MS, () => pruneSearchVocabulary(ctx.db));
  schedulePeriodic(app, 'merging the search indexes', SEARCH_INDEX_MERGE_INTERVAL_MS, () => mergeSearchIndexes(ctx.db));
  schedulePeriodic(
    app,
    'advancing the compliance calendar',
    COMPLIANCE_CALENDAR_INTERVAL_MS,
    () => advanceComplianceCalendar(ctx.db, todayIn(ORGANISATION_TIME_ZONE_DEFAULT, ctx.now())),
    { firstRunAfterMs: 1_000 },
  );
  // Each process checks; the engine's lock lets one back up (BACKUP_SCHEDULE=off: this one never does).
  if (options.config.scheduledBackups) {
    schedulePeriodic(app, 'scheduled backups', BACKUP_CHECK_INTERVAL_MS, () => backups.tick(), { firstRunAfterMs: BACKUP_FIRST_CHECK_AFTER_MS });
  }
  // Email digests only when SMTP_URL is set; tests run the job through app.emailDigests.
  const digests = emailDigestJob(ctx, app.log);
  app.decorate('emailDigests', digests ?? null);
  if (digests && options.config.smtp) {
    app.log.info({ smtp: redactUrlPassword(options.config.smtp.url) }, 'email digests of due dates are on');
    schedulePeriodic(app, 'sending email digests', EMAIL_DIGEST_INTERVAL_MS, () => digests.run(), { firstRunAfterMs: EMAIL_DIGEST_FIRST_RUN_AFTER_MS });
  }
  return app;
}
