import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|wasm|xml|map)$/;
const MIN_BYTES = 1024;

/** Every compressible file under `dir` (recursively). */
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return COMPRESSIBLE.test(e.name) ? [p] : [];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset of the build,
 * so the server's static plugin (`preCompressed: true`) answers with the best encoding the browser accepts without
 * compressing on each request. Files under 1 KiB, and those that would not shrink, are left alone
 * (except index.html, which `/` is answered with).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'xr-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await Promise.all(
        files(outDir).map(async (file) => {
          const data = await fs.promises.readFile(file);
          const html = file.endsWith('.html'); // `/` needs index.html's siblings whatever its size
          if (data.length < MIN_BYTES && !html) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          if (html || br.length < data.length) await fs.promises.writeFile(`${file}.br`, br);
          if (html || gz.length < data.length) await fs.promises.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
