/**
 * Response compression (@fastify/compress) for what is made per request: the HTML page (its
 * config block is injected at start-up), API JSON, the OpenAPI document. Brotli at quality 4 (the
 * default 11 costs tens of milliseconds per response for a few percent), else gzip; below 1 KB a
 * body is sent as is. Built assets are not compressed here: the build writes .br and .gz next to
 * each one and @fastify/static sends those (see web.ts), and a response that already has a
 * content-encoding is left alone.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
