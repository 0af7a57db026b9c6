import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built client from dist/client. Hashed files under /static are cached for a year;
 * any other non-API GET gets index.html so the client router can show the page (or its 404 page).
 * Unknown /api paths answer 404 JSON.
 * The build writes .br/.gz siblings of the text files (scripts/vite-precompress.ts); `preCompressed`
 * sends the best one the browser accepts, with Content-Encoding and Vary: Accept-Encoding, also for
 * index.html through sendFile. @fastify/compress then leaves those replies alone (already encoded).
 */
export async function registerClientStatic(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}static${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && request.url !== '/api';
    if (hasClient && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}
