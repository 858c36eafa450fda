/**
 * @module A Vite plugin that writes `FILE.br` (brotli, quality 11) and `FILE.gz` (gzip -9) beside
 * every text file a build emits, so the server sends compressed bytes without compressing per
 * request (server routes/static-files.ts serves them by `Accept-Encoding`). A variant that would
 * not be smaller is not written (and an old one is removed).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** What is worth compressing: text. Source maps are only read by developer tools. */
const TEXT = /\.(?:m?js|css|html|svg|json|txt|webmanifest)$/;

/** Writes the compressed variants of `file`; answers how many bytes the brotli one has. */
export async function writeCompressed(file: string): Promise<number | null> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: 9 }),
  ]);
  const write = async (suffix: string, bytes: Buffer) =>
    bytes.length < raw.length ? writeFile(file + suffix, bytes) : rm(file + suffix, { force: true });
  await Promise.all([write('.br', br), write('.gz', gz)]);
  return br.length < raw.length ? br.length : null;
}

export function precompress(): Plugin {
  return {
    name: 'doppel-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => TEXT.test(name));
      await Promise.all(files.map((name) => writeCompressed(join(dir, name))));
    },
  };
}
