import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver, { type KoaContext } from 's3rver';

export const TEST_BUCKET = 'test-bucket';
/** A second bucket, for backups kept apart from the files they copy. */
export const TEST_BACKUP_BUCKET = 'test-backups';

export type S3Handler = (ctx: KoaContext) => boolean | Promise<boolean>;

export interface TestS3 {
  endpoint: string;
  /** Environment for createTestApp: the app then stores objects in the test bucket. */
  env: Record<string, string>;
  /**
   * Puts a handler in front of s3rver's own, for the calls it does not implement; it answers true
   * when it handled the request.
   */
  intercept(handler: S3Handler): void;
  close(): Promise<void>;
}

/** s3rver on a free loopback port with a temporary folder and two private buckets. */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }, { name: TEST_BACKUP_BUCKET }] });
  const handlers: S3Handler[] = [];
  // Koa copies its middleware list when it starts listening: one dispatcher goes in first.
  server.middleware.unshift(async (ctx, next) => {
    for (const handler of handlers) if (await handler(ctx)) return;
    await next();
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    intercept(handler) {
      handlers.push(handler);
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
