#!/usr/bin/env node
/**
 * Compiles the server for `npm start`: one ESM bundle of `src/main.ts` and the workspace's packages (`@xr/contract`,
 * `@xr/demo-content`) into `apps/server/dist`, with every npm package left external (loaded from node_modules as usual).
 * Running compiled JavaScript instead of the sources through tsx saves tsx's loader, esbuild's service and the
 * TypeScript sources' transform caches in the server's memory (docs/perf.md, "Memory").
 *
 * - Code splitting keeps `await import()`ed modules (the scene cover renderer with glTF-Transform and sharp, the
 *   AWS SDK, ioredis) in chunks of their own, loaded on first use as under tsx.
 * - `import.meta.url` is replaced by the URL of the source file it is written in, so paths next to the sources
 *   keep working unchanged: the migrations folder (`src/db/migrations`), the pipeline's worker entry (piscina
 *   loads `src/lib/pipeline/worker-entry.mjs`, which runs the workers' TypeScript through tsx, on the first job),
 *   `createRequire` for the ffmpeg binary and the RTMP server, and the web build (`apps/web/dist`).
 *
 * `npm run dev` and the tests keep running the sources through tsx / vitest. `node apps/server/build.mjs` builds
 * once; `scripts/start.mjs` calls {@link buildServer} on every start (about a second) so the bundle never lags the sources.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_DIST = path.join(here, 'dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'main.js');

/**
 * Environment `npm start` gives the compiled server (variables set by the caller win), measured by
 * `npm run bench memory` (docs/perf.md, "Memory"):
 * - UV_THREADPOOL_SIZE: sharp and file I/O of the API and the pipeline workers share libuv's thread pool (4 by default).
 * - MALLOC_ARENA_MAX: glibc gives threads that allocate their own malloc arenas (up to 8 per core) and freed memory
 *   stays in each; with libuv's pool, V8's helper threads and sharp's, that held ~50 MiB of the idle server.
 * - MALLOC_MMAP_THRESHOLD_: blocks from 32 KiB up are mapped on their own and go back to the system when freed,
 *   instead of staying in the heap after a burst (a seed, an upload). 32 KiB is the largest segment of V8's compiler
 *   zones: optimising PGlite's WebAssembly (Postgres's hot functions, in the background after start) allocates tens
 *   of MiB of them, and between the small blocks the compiled code keeps, glibc could hand almost none back (~60 MiB
 *   of the idle server at the 128 KiB threshold this replaced; glibc only trims the top of a heap). Costs an
 *   mmap/munmap pair per such block: no difference measured in the API's CPU per request (docs/perf.md, "Memory").
 */
export const SERVER_ENV = {
  NODE_ENV: 'production',
  UV_THREADPOOL_SIZE: '8',
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
};

/**
 * Node flags of the compiled server: V8's young generation at 8 MiB per semi-space instead of 16 (two semi-spaces
 * stay resident once touched; the API's short-lived garbage fits in 8), and `gc()` for `src/main.ts`: the full
 * collections once the server listens (the start's garbage outside V8's heap, ~450 MiB on a first start) and the
 * young-generation collection that lets V8 shrink that generation while the server is quiet.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8', '--expose-gc'];

/** esbuild plugin: npm packages stay external, the workspace's own packages (TypeScript sources) are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@xr/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** esbuild plugin: `import.meta.url` becomes the source file's own URL (see the file comment). */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Builds `apps/server/dist` (replacing what was there). */
export async function buildServer() {
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(here, 'src/main.ts') },
    outdir: SERVER_DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    plugins: [externalPackages, sourceUrls],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t = Date.now();
  await buildServer();
  console.log(`Server compiled into ${path.relative(process.cwd(), SERVER_DIST) || '.'} in ${Date.now() - t} ms`);
}
