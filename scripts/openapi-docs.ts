// `npm run docs:api`: writes docs/api.md, the readable API reference, from the OpenAPI document the
// app serves at GET /api/openapi.json. The document needs no database, so the app is built against
// an address where none listens (and local storage in a temporary folder, as the tests build it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/client';
import { renderApiReference, type OpenApiDocument } from '../src/server/modules/openapi/api-markdown';
import { OPENAPI_PATH } from '../src/server/modules/openapi/openapi.routes';

const target = path.resolve(import.meta.dirname, '../docs/api.md');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-docs-api-'));
const database = connectDatabase('postgres://postgres@127.0.0.1:1/none');
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), db: database.db });
try {
  const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
  if (response.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered ${response.statusCode}: ${response.body}`);
  fs.writeFileSync(target, renderApiReference(response.json<OpenApiDocument>()));
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
