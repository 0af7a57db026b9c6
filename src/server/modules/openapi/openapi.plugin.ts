import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { nameContractSchemas } from './components';
import { swaggerOptions } from './openapi-document';
import { openApiRoutes } from './openapi.routes';

const packageVersion = (): string =>
  (JSON.parse(fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Publishes the contract: @fastify/swagger collects every route registered after it (so this goes
 * before the route modules) and GET /api/openapi.json serves the document built from their zod schemas.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  nameContractSchemas();
  await app.register(swagger, swaggerOptions(packageVersion()));
  await app.register(openApiRoutes());
}
