import type { FastifySchema, RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../shared/domain/idempotency';
import { errorResponseSchema, NEXT_CURSOR_HEADER } from '../../../shared/contract';
import { ERROR_COMPONENT } from './components';
import { ERROR_DESCRIPTIONS, errorResponsesFor, RETRY_AFTER_STATUSES } from './error-responses';
import { OPERATIONS } from './operations';
import { RESOURCES } from '../../resources';
import { REQUEST_BODY_DOCS, RESPONSE_DOCS } from './response-docs';

export const OPENAPI_VERSION = '3.1.0';

/** Documents the optional header of the idempotent writes (src/server/idempotency, ADR 028). */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .describe('The client\'s own id of this write (a UUID): a repeat with the same key and request gets the first answer and writes nothing'),
});

/** The two names the session cookie goes by: `__Host-sid` over HTTPS, `sid` over plain HTTP. */
export const SESSION_SECURITY: Array<Record<string, string[]>> = [{ sessionCookie: [] }, { secureSessionCookie: [] }];

/** Tags in the order the reference lists them; a route's tag is its first path segment after /api. */
export const TAGS: Array<{ name: string; description: string; segments: string[] }> = [
  { name: 'auth', description: 'Accounts, sign-in and sessions', segments: ['user', 'login', 'register', 'logout', 'registration', 'password-reset', 'account'] },
  { name: 'users', description: 'User administration, invites and organisation settings (org admins)', segments: ['users', 'invites', 'settings', 'admin'] },
  { name: 'backups', description: 'Backups of the register, their schedule and retention (org admins)', segments: ['backups'] },
  { name: 'dashboard', description: 'The dashboard figures', segments: ['dashboard'] },
  ...RESOURCES.map(({ name, api }) => ({ name, description: api.description, segments: api.segments })),
  {
    name: 'uploads',
    description: 'Getting a file into storage before POST /api/media records it: one direct PUT, or the S3 multipart calls @uppy/aws-s3 makes',
    segments: ['objects', 's3'],
  },
  { name: 'search', description: 'Search across assets, actions and meters', segments: ['search'] },
  { name: 'reports', description: 'Spreadsheet exports', segments: ['reports'] },
  { name: 'imports', description: 'Spreadsheet imports: upload, dry run, commit, error workbook, saved mappings (org admins and asset managers)', segments: ['imports', 'import-mappings'] },
  { name: 'service', description: 'Readiness and this description', segments: ['health', 'openapi.json'] },
];

export function tagOf(url: string): string {
  const segment = url.split('/')[2] ?? '';
  return TAGS.find((t) => t.segments.includes(segment))?.name ?? segment;
}

const DESCRIPTION = `The JSON API of the Asset Register: the same calls its own screens make.

**Sessions.** \`POST /api/login\` or \`POST /api/register\` sets an HttpOnly session cookie (\`__Host-sid\` over HTTPS, \`sid\` over plain HTTP); send it with every call. Every route needs it except those marked public. A session ends after 30 minutes idle or 12 hours (configurable).

**Writes.** A request that changes data and has a body must send JSON (\`Content-Type: application/json\`), else 415; the two uploads of a file itself (the PUT of a media upload, \`POST /api/imports\`) are the exceptions. Bodiless calls (\`POST /api/logout\`, \`POST /api/objects/upload\`, \`POST /api/backups\`) may send no body and no Content-Type. Browsers' cross-site writes are refused by Origin and Sec-Fetch-Site (403).

**Idempotent writes.** The calls an offline device replays (creating a location, asset, assessment, action, meter, reading, media record or inspection, and changing an action) take an optional \`Idempotency-Key\` header: 8 to 128 letters, digits or \`. _ : -\` (a UUID is best), the user's own. The first successful answer is kept for 7 days, stored in the same transaction as the write (so even a server that stops just after writing answers a repeat with it), and a repeat of the same request with the same key gets it again (same status and body, with \`Idempotent-Replayed: true\`), writing nothing. The same key with another method, path or body is a 422; while the first request is still running a repeat waits up to 5 seconds, then gets 409 with Retry-After. A failed request keeps nothing: the key may be sent again with a corrected request.

**Errors.** Every error answer is \`{ "message": string, "errors"?: { field: message }, "requestId"?: string }\`: 400 invalid input (each field's message in \`errors\`), 401 not signed in, 403 refused, 404 not found (also for a malformed id), 409 conflict, 413 too large, 415 not JSON, 429 too many requests and 503 database unavailable (both with Retry-After), 500 unexpected (logged; quote \`requestId\`). Every answer carries \`x-request-id\`.

**Lists.** Paged lists take \`limit\` (default 50, at most 200; larger values are clamped) and \`cursor\`; when more rows exist the answer has an \`${NEXT_CURSOR_HEADER}\` header: pass it back as \`cursor\` for the next page. Filters with the value \`all\` or an empty value are ignored.

**Uploads.** \`POST /api/objects/upload\` gives a URL for one PUT of the file (at most 10 MB, images and videos only); then \`POST /api/media\` records it against an asset, assessment or action. Asked for with \`resumable: true\`, the URL also takes the file in pieces (\`Content-Range\`), so a dropped connection costs one piece (ADR 030).`;

export function swaggerOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: 'Asset Register API', version, description: DESCRIPTION },
      tags: TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie over plain HTTP, set by POST /api/login or /api/register' },
          secureSessionCookie: { type: 'apiKey', in: 'cookie', name: '__Host-sid', description: 'The session cookie over HTTPS (the only one accepted there)' },
        },
      },
    },
    transform: transformRoute,
    transformObject,
  };
}

type ZodResponse = { description: string; content: Record<string, { schema: z.ZodType }> };
type JsonObject = Record<string, unknown>;

const SUCCESS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

const isContentForm = (value: unknown): value is ZodResponse =>
  typeof value === 'object' && value !== null && 'content' in value && typeof (value as { content: unknown }).content === 'object';

const jsonResponse = (schema: z.ZodType, description: string): ZodResponse => ({ description, content: { 'application/json': { schema } } });

const headersOf = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { type: 'string', description }]));

/** Keys of a zod object schema (query strings here are plain objects). */
function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** The body may be left out altogether (the spec's bodiless POSTs): the schema accepts undefined. */
function bodyIsOptional(body: unknown): boolean {
  return typeof (body as z.ZodType | undefined)?.safeParse === 'function' && (body as z.ZodType).safeParse(undefined).success;
}

/**
 * Per route: the route's own zod schemas plus what OPERATIONS and RESPONSE_DOCS say about it, turned
 * into JSON Schema by fastify-type-provider-zod (so the document and the validation share one source).
 * Routes outside /api (the client's pages) are left out.
 */
export const transformRoute: SwaggerTransform = (input) => {
  const { url } = input;
  const route = input.route as RouteOptions;
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };

  const method = [route.method].flat()[0]!.toUpperCase();
  const key = `${method} ${url}`;
  const doc = OPERATIONS[key];
  const own = (route.schema ?? {}) as FastifySchema & { response?: Record<string, unknown> };
  const ownResponses = own.response ?? {};

  const zodResponses: Record<string, unknown> = {};
  const plainResponses: Record<string, JsonObject> = {};
  const errors = errorResponsesFor(method, route, doc);

  for (const [status, schema] of Object.entries(ownResponses)) {
    const code = Number(status);
    const description = errors.get(code) ?? ERROR_DESCRIPTIONS[code] ?? SUCCESS_TEXT[code] ?? 'OK';
    zodResponses[status] = isContentForm(schema) ? schema : jsonResponse(schema as z.ZodType, description);
  }
  for (const [status, overlay] of Object.entries(RESPONSE_DOCS[key] ?? {})) {
    if (status in ownResponses) continue;
    if (overlay.kind === 'json') zodResponses[status] = jsonResponse(overlay.schema, overlay.description);
    else if (overlay.kind === 'file') {
      const content = Object.fromEntries(overlay.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
      plainResponses[status] = { description: overlay.description, content, ...(overlay.headers && { headers: headersOf(overlay.headers) }) };
    } else {
      plainResponses[status] = { type: 'null', description: overlay.description, ...(overlay.headers && { headers: headersOf(overlay.headers) }) };
    }
  }
  for (const [status, description] of errors) {
    if (!(status in zodResponses)) zodResponses[status] = jsonResponse(errorResponseSchema, description);
  }

  const augmented: FastifySchema & JsonObject = {
    ...own,
    response: zodResponses,
    operationId: doc?.id,
    summary: doc?.summary,
    description: doc?.description,
    tags: [tagOf(url)],
    security: route.config?.permission === 'public' ? [] : SESSION_SECURITY,
    ...(own.body !== undefined && bodyIsOptional(own.body) && { 'x-body-optional': true }),
    ...(route.config?.idempotent && { headers: idempotencyHeaders }),
  };
  const result = jsonSchemaTransform({ ...input, schema: augmented });
  const schema = result.schema as JsonObject & { response: Record<string, JsonObject> };

  Object.assign(schema.response, plainResponses);
  const paged = shapeKeys(own.querystring).includes('cursor');
  for (const [status, response] of Object.entries(schema.response)) {
    const code = Number(status);
    if (paged && code === 200) {
      response.headers = { [NEXT_CURSOR_HEADER]: { type: 'string', description: 'The cursor of the next page; absent on the last page' } };
    }
    if (RETRY_AFTER_STATUSES.includes(code)) response.headers = { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } };
  }
  const bodyDoc = REQUEST_BODY_DOCS[key];
  if (own.body === undefined && bodyDoc) {
    schema.body = { content: Object.fromEntries(bodyDoc.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary', description: bodyDoc.description } }])) };
  }
  return { schema, url: result.url };
};

type Operation = JsonObject & { requestBody?: JsonObject };

/** The whole document: named contract schemas as components (only those referred to), optional bodies marked. */
export const transformObject: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as JsonObject & {
    paths: Record<string, Record<string, Operation>>;
    components: JsonObject & { schemas: Record<string, unknown> };
  };
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (!operation['x-body-optional']) continue;
      delete operation['x-body-optional'];
      if (operation.requestBody) markOptional(operation.requestBody);
    }
  }
  pruneUnusedSchemas(document.components.schemas, document);
  return document;
};

/**
 * A body that may be left out: not required, and described by the object it is when sent (zod
 * renders "optional" as a union with null, which the server does not take as a body).
 */
function markOptional(requestBody: JsonObject): void {
  requestBody.required = false;
  for (const media of Object.values(requestBody.content as Record<string, { schema: JsonObject }>)) {
    const anyOf = media.schema.anyOf as JsonObject[] | undefined;
    const present = anyOf?.filter((s) => s.type !== 'null');
    if (anyOf && present?.length === 1) media.schema = present[0]!;
  }
}

/** zod's registry yields an input and an output variant of every named schema; keep those in use. */
function pruneUnusedSchemas(schemas: Record<string, unknown>, document: JsonObject): void {
  const referenced = (value: unknown) => {
    const text = JSON.stringify(value);
    return new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
  };
  const { components: _components, ...rest } = document;
  let keep = referenced(rest);
  keep.add(ERROR_COMPONENT);
  // Named schemas may refer to each other (SearchResults → AssetListItem): follow until nothing new.
  for (;;) {
    const next = new Set(keep);
    for (const name of keep) for (const inner of referenced(schemas[name])) next.add(inner);
    if (next.size === keep.size) break;
    keep = next;
  }
  for (const name of Object.keys(schemas)) if (!keep.has(name)) delete schemas[name];
}
