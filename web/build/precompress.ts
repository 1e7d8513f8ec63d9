import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text the browser loads (source maps are fetched only by developers). */
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, so the
 * server sends the smallest the browser accepts (@fastify/static's preCompressed) without
 * compressing per request. Each copy is kept only when it is smaller than the file.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir)) {
        if (!TEXT.test(path)) continue;
        const body = readFileSync(path);
        if (body.length < MIN_BYTES) continue;
        const br = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(`${path}.br`, br);
        if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}
