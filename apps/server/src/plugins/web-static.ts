import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Built files whose name carries a content hash (`assets/index-B2lc2aMR.js`, and its `.br` / `.gz`): they never change under that name. */
const HASHED = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/i;

/**
 * Cache policy of the web build: hashed assets are cached for a year and never revalidated; everything else
 * (index.html, which names the current assets, and unhashed public files) is revalidated on every load.
 */
export function webCacheControl(filePath: string): string {
  return HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built web app at `/`: precompressed `.br` / `.gz` siblings written by the build are sent as the
 * browser accepts (never compressed per request), with {@link webCacheControl}'s caching.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(webDist),
    prefix: '/',
    index: ['index.html'], // an array: with preCompressed, a plain string never finds the index of `/`
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', webCacheControl(filePath));
    },
  });
}
