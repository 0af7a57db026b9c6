import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { ASSET_TYPES, CONDITIONS } from '../../shared/domain/assets';
import type { ExportRecord } from '../../shared/contract/reports';
import { precompressDir } from '../../../scripts/vite-precompress';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../tests/setup/test-app';
import { insertAsset, insertLocation } from '../../../tests/factories/register';

/** Responses are compressed for phones on poor signal: JSON by @fastify/compress, client files precompressed at build. */

const br = (bytes: Buffer) => zlib.brotliDecompressSync(bytes);
const gunzip = (bytes: Buffer) => zlib.gunzipSync(bytes);

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  let userId: string;
  ({ cookie, user: { id: userId } } = await registerUser(t.app));
  const site = await insertLocation(t.db, { name: 'Leeds Depot' });
  const floor = await insertLocation(t.db, { name: 'Floor 2', type: 'floor', parent: site });
  // 50 assets: one full page of GET /api/assets, as a surveyor's phone loads it.
  for (let i = 0; i < 50; i += 1) {
    await insertAsset(t.db, userId, {
      location: floor,
      type: ASSET_TYPES[i % ASSET_TYPES.length],
      condition: CONDITIONS[i % CONDITIONS.length],
      make: 'Daikin',
      model: `FTXM${20 + i}R`,
      serial: `SN-${100000 + i * 37}`,
      description: `Wall-mounted split unit ${i} serving the open-plan office`,
    });
  }
});
afterAll(() => t?.close());

describe('API JSON', () => {
  const list = (acceptEncoding?: string) =>
    getJson(t.app, '/api/assets', cookie, acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {});

  it('answers plain JSON without Accept-Encoding', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeGreaterThan(1024);
    expect(res.json<unknown[]>()).toHaveLength(50);
  });

  it.each([
    ['br', br],
    ['gzip', gunzip],
  ])('compresses a list over 1 KB with %s, decoding to the same JSON', async (encoding, decode) => {
    const plain = await list();
    const res = await list(encoding === 'br' ? 'gzip, deflate, br' : encoding);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // The /api no-store header survives compression.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves a response under 1 KB uncompressed', async () => {
    const res = await getJson(t.app, '/api/user', cookie, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ username: string }>().username).toBeTruthy();
  });

  it('keeps error bodies readable JSON', async () => {
    const res = await getJson(t.app, '/api/assets/not-an-id', cookie, { headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ message: string }>().message).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('streams a CSV report download compressed, decoding to the very file; xlsx (a zip) passes as it is', async () => {
    const exportAs = async (format: string) => {
      const res = await postJson(t.app, '/api/reports/export', { reportType: 'asset_register', format }, { cookie });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<ExportRecord>();
    };
    const download = (url: string, acceptEncoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie, ...(acceptEncoding && { 'accept-encoding': acceptEncoding }) } });

    const csv = await exportAs('csv');
    const plain = await download(csv.downloadUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(csv.size);
    const packed = await download(csv.downloadUrl, 'br');
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(br(packed.rawPayload).equals(plain.rawPayload)).toBe(true);

    const xlsx = await exportAs('xlsx');
    const sheet = await download(xlsx.downloadUrl, 'br, gzip');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-encoding']).toBeUndefined();
    expect(Number(sheet.headers['content-length'])).toBe(xlsx.size);
    expect(sheet.rawPayload.length).toBe(xlsx.size);
  });
});

/** Text like a built bundle: repetitive enough to compress, well over 1 KB. */
const bundleText = (n: number) =>
  Array.from({ length: n }, (_, i) => `export function component${i}(props) { return createElement("div", { className: "card-${i % 7}" }, props.children); }\n`).join('');

describe('precompressDir (the Vite plugin at build time)', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-precompress-'));
    fs.mkdirSync(path.join(dir, 'static'));
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head>${'<meta name="x" content="y">'.repeat(60)}</head></html>`);
    fs.writeFileSync(path.join(dir, 'static/app.js'), bundleText(200));
    fs.writeFileSync(path.join(dir, 'static/app.css'), '.card { color: red; }\n'.repeat(100));
    fs.writeFileSync(path.join(dir, 'static/tiny.js'), 'export const x = 1;\n');
    fs.writeFileSync(path.join(dir, 'static/photo.png'), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(dir, 'static/font.woff2'), Buffer.alloc(4096, 7));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz siblings of text files over 1 KB that decode to the file, and nothing else', async () => {
    const result = await precompressDir(dir);
    expect(result.files).toBe(3);
    for (const name of ['index.html', 'static/app.js', 'static/app.css']) {
      const raw = fs.readFileSync(path.join(dir, name));
      const brBytes = fs.readFileSync(path.join(dir, `${name}.br`));
      const gzBytes = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(br(brBytes).equals(raw), name).toBe(true);
      expect(gunzip(gzBytes).equals(raw), name).toBe(true);
      expect(brBytes.length, name).toBeLessThan(raw.length);
    }
    const written = fs.readdirSync(path.join(dir, 'static')).sort();
    expect(written).toEqual(['app.css', 'app.css.br', 'app.css.gz', 'app.js', 'app.js.br', 'app.js.gz', 'font.woff2', 'photo.png', 'tiny.js']);
  });
});

describe('built client files', () => {
  let clientDir: string;
  let app: FastifyInstance;
  let js: Buffer;
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-client-'));
    fs.mkdirSync(path.join(clientDir, 'static'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><html><head>${'<link rel="modulepreload" href="/static/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`);
    js = Buffer.from(bundleText(300));
    fs.writeFileSync(path.join(clientDir, 'static/x.js'), js);
    fs.writeFileSync(path.join(clientDir, 'static/small.js'), 'export const x = 1;\n');
    fs.writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Asset Register', start_url: '/' }));
    await precompressDir(clientDir);
    // A second app on the test database, serving this folder as main.ts serves dist/client.
    app = await buildApp({ config: t.config, db: t.db, clientDir });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url, headers });

  it.each([
    ['br', 'x.js.br'],
    ['gzip', 'x.js.gz'],
  ])('sends the precompressed %s file as it is, with the same cache headers', async (encoding, sibling) => {
    const res = await get('/static/x.js', { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br, zstd' : 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    // Byte for byte the file the build wrote: not compressed a second time.
    expect(res.rawPayload.equals(fs.readFileSync(path.join(clientDir, 'static', sibling)))).toBe(true);
    expect((encoding === 'br' ? br : gunzip)(res.rawPayload).equals(js)).toBe(true);
  });

  it('sends the plain file without Accept-Encoding', async () => {
    const res = await get('/static/x.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(js)).toBe(true);
  });

  it('sends index.html precompressed from the page fallback, still no-cache', async () => {
    const res = await get('/assets/123', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(br(res.rawPayload).equals(fs.readFileSync(path.join(clientDir, 'index.html')))).toBe(true);
  });

  it('sends the service worker and the web manifest revalidated on every load (no-cache), so a new build takes over', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(String(sw.headers['content-security-policy'])).toContain("worker-src 'self'");
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const res = await get('/static/x.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(clientDir, 'static/x.js.br')).size);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers a revalidation with 304 and no body', async () => {
    const first = await get('/static/x.js', { 'accept-encoding': 'br' });
    const res = await get('/static/x.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('compresses a file without siblings (under 1 KB) on the fly, and still answers 304 with no body', async () => {
    // The fallback for files the build left alone: @fastify/compress streams them (its 1 KB threshold only
    // applies to in-memory bodies). Correct, if pointless for tiny files; images and fonts are never touched.
    const plain = await get('/static/small.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.toString()).toBe('export const x = 1;\n');
    const res = await get('/static/small.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(br(res.rawPayload).toString()).toBe('export const x = 1;\n');
    const again = await get('/static/small.js', { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
