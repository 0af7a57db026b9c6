import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { USERNAME_MAX } from '../../../shared/domain/limits';
import { createTestApp, getJson, type TestApp } from '../../../../tests/setup/test-app';
import { renderApiReference, type OpenApiDocument } from './api-markdown';
import { ERROR_COMPONENT } from './components';
import { SESSION_SECURITY } from './openapi-document';
import { OPENAPI_PATH } from './openapi.routes';
import { OPERATIONS } from './operations';
import { RESPONSE_DOCS } from './response-docs';

type Route = { method: string; url: string; route: RouteOptions };
type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { required?: string[] }> } };

const OPERATIONS_FILE = 'src/server/modules/openapi/operations.ts';
const RESPONSE_DOCS_FILE = 'src/server/modules/openapi/response-docs.ts';
const API_MD = new URL('../../../../docs/api.md', import.meta.url);

/** Every /api route the app registers (HEAD routes are Fastify's automatic twins of the GETs). */
function collector(into: Route[]) {
  return (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && route.url.startsWith('/api/')) into.push({ method, url: route.url, route });
    }
  };
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const queryKeys = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});

/** The errors any such route can give, whatever its handler does: the document must list at least these. */
function minimumErrors(method: string, route: RouteOptions): number[] {
  const schema = route.schema ?? {};
  const hasInput = Boolean(schema.body || schema.querystring || schema.params) || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
  return [
    ...(hasInput ? [400] : []),
    ...(route.config?.permission === 'public' ? [] : [401]),
    ...(route.url.includes(':') ? [404] : []),
    ...(route.config?.rateLimit ? [429] : []),
    500,
    503,
  ];
}

/**
 * What the published document lacks or gets wrong for the registered routes, one readable line each
 * (naming the file to fix). Empty when the contract is complete.
 */
function contractProblems(doc: Document, routes: Route[]): string[] {
  const problems: string[] = [];
  for (const { method, url, route } of routes) {
    const key = `${method} ${url}`;
    const op = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
    if (!op) {
      problems.push(`${key}: missing from ${OPENAPI_PATH}`);
      continue;
    }
    if (!op.summary || !op.operationId) problems.push(`${key}: no summary or operationId; add a line for it to OPERATIONS in ${OPERATIONS_FILE}`);

    const schema = route.schema ?? {};
    if (schema.body && !op.requestBody?.content['application/json']?.schema) problems.push(`${key}: request body not documented`);
    const params = op.parameters ?? [];
    for (const name of queryKeys(schema.querystring)) {
      if (!params.some((p) => p.in === 'query' && p.name === name)) problems.push(`${key}: query parameter ${name} not documented`);
    }
    for (const [, name] of url.matchAll(/:([A-Za-z0-9_]+)/g)) {
      if (!params.some((p) => p.in === 'path' && p.name === name && p.required)) problems.push(`${key}: path parameter ${name} not documented`);
    }

    const statuses = Object.keys(op.responses).map(Number);
    const successes = statuses.filter((s) => s < 400);
    if (successes.length === 0 && !OPERATIONS[key]?.alwaysFails) {
      problems.push(`${key}: no success response; give the route a response schema, or (for a list built by PostgreSQL, a file or a 204) add it to RESPONSE_DOCS in ${RESPONSE_DOCS_FILE}`);
    }
    for (const status of successes.filter((s) => s < 300)) {
      const content = op.responses[status]!.content;
      if (status === 204 ? content !== undefined : !content || Object.values(content).some((m) => !m.schema)) {
        problems.push(`${key}: ${status} response ${status === 204 ? 'has' : 'lacks'} a body description`);
      }
    }

    const ownStatuses = Object.keys((schema.response as object | undefined) ?? {}).map(Number);
    for (const status of minimumErrors(method, route)) {
      if (!statuses.includes(status)) problems.push(`${key}: error ${status} not documented`);
    }
    for (const status of statuses.filter((s) => s >= 400 && !ownStatuses.includes(s))) {
      const ref = op.responses[status]!.content?.['application/json']?.schema?.$ref;
      if (ref !== `#/components/schemas/${ERROR_COMPONENT}`) problems.push(`${key}: error ${status} does not use the error shape`);
    }

    const expectedSecurity = route.config?.permission === 'public' ? [] : SESSION_SECURITY;
    if (JSON.stringify(op.security) !== JSON.stringify(expectedSecurity)) problems.push(`${key}: security should be ${JSON.stringify(expectedSecurity)}`);
  }

  const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
  const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
  const registeredPaths = new Set(routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
  for (const op of documented) if (!registeredPaths.has(op)) problems.push(`${op}: documented but no such route`);
  for (const key of [...Object.keys(OPERATIONS), ...Object.keys(RESPONSE_DOCS)]) {
    if (!registered.has(key)) problems.push(`${key}: described in ${OPERATIONS_FILE} or ${RESPONSE_DOCS_FILE} but no such route`);
  }
  const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
  for (const id of new Set(ids)) if (ids.filter((i) => i === id).length > 1) problems.push(`operationId ${id} is used twice`);
  return problems;
}

let t: TestApp;
const routes: Route[] = [];
let doc: Document;

let served: Awaited<ReturnType<typeof getJson>>;

beforeAll(async () => {
  t = await createTestApp({ onRoute: collector(routes) });
  // No cookie: integrators read the document before they have an account.
  served = await getJson(t.app, OPENAPI_PATH);
  doc = JSON.parse(served.body) as Document;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/openapi.json', () => {
  it('serves an OpenAPI 3.1 document as JSON without a session', async () => {
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.components.schemas[ERROR_COMPONENT]?.required).toEqual(['message']);
    // Public, so it must say nothing about this installation (paths, database, servers).
    expect(served.body).not.toContain(t.dataDir);
    expect(served.body).not.toContain(t.databaseUrl);
    expect(doc).not.toHaveProperty('servers');
  });

  it('is sent compressed to clients that accept it (phones on poor signal)', async () => {
    const res = await getJson(t.app, OPENAPI_PATH, undefined, { headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('documents every registered /api route: body, query, path, success and error responses, security', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(contractProblems(doc, routes)).toEqual([]);
  });

  it('is built from the schemas the routes validate with', async () => {
    const login = doc.paths['/api/login']!.post!.requestBody!.content['application/json']!.schema as { properties: Record<string, { maxLength?: number }> };
    expect(login.properties.username!.maxLength).toBe(USERNAME_MAX);
    // A name one character over the documented limit is refused by the route itself.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'u'.repeat(USERNAME_MAX + 1), password: 'x' }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('marks the spec\'s bodiless calls as taking an optional body', () => {
    for (const path of ['/api/logout', '/api/objects/upload', '/api/backups']) {
      expect(doc.paths[path]!.post!.requestBody, path).toMatchObject({ required: false });
    }
  });

  it('docs/api.md is what npm run docs:api renders from the document now', () => {
    const committed = fs.existsSync(API_MD) ? fs.readFileSync(API_MD, 'utf8') : '';
    const current = renderApiReference(doc as unknown as OpenApiDocument);
    expect(committed === current, 'docs/api.md is out of date: run npm run docs:api').toBe(true);
  });
});

describe('a route added without documentation', () => {
  it('is reported by the contract check, naming the file to change', async () => {
    const extraRoutes: Route[] = [];
    const other = await createTestApp({ onRoute: collector(extraRoutes) });
    try {
      // Registered after the app is built, as a new module would be: the document lists it, bare.
      other.app.get('/api/widgets/:id', { config: { permission: 'register.read', area: 'filtered' } }, async () => ({}));
      const res = await getJson(other.app, OPENAPI_PATH);
      const problems = contractProblems(JSON.parse(res.body) as Document, extraRoutes);
      expect(problems).toEqual([
        `GET /api/widgets/:id: no summary or operationId; add a line for it to OPERATIONS in ${OPERATIONS_FILE}`,
        expect.stringMatching(/^GET \/api\/widgets\/:id: no success response; .*RESPONSE_DOCS/),
      ]);
      // And one the document leaves out entirely (a transform that hid it) is named too.
      const hidden = { method: 'GET', url: '/api/gadgets', route: { method: 'GET', url: '/api/gadgets', handler: () => {} } as RouteOptions };
      expect(contractProblems(doc, [...routes, hidden])).toContain(`GET /api/gadgets: missing from ${OPENAPI_PATH}`);
    } finally {
      await other.close();
    }
  });
});
