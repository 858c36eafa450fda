/** @module An image file named by clone.json, checked by its content (not only its name). */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, relative, sep } from 'node:path';
import { CloneFolderError } from './clone-folder-error';

export interface ImageFile {
  /** Path inside the clone folder. */
  path: string;
  bytes: Uint8Array;
  contentType: string;
  sha256: string;
}

/** Profile pictures are small; a bigger file is almost certainly the wrong one. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The content type of image bytes, from their signature; null when not a known image. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  if (bytes[4] === 0x66 && bytes[5] === 0x74 && bytes[6] === 0x79 && bytes[7] === 0x70) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
  }
  const head = new TextDecoder()
    .decode(bytes.slice(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return 'image/svg+xml';
  return null;
}

/** Reads `name` (relative to `dir`, which it must not leave) as an image. */
export async function readImageFile(dir: string, name: string, field: string): Promise<ImageFile> {
  const full = join(dir, normalize(name));
  const path = relative(dir, full).split(sep).join('/');
  if (path.startsWith('..') || path === '') {
    throw new CloneFolderError(
      'clone.json',
      `${field}: "${name}" must be an http(s) URL or a file inside the clone folder`,
    );
  }
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) throw new CloneFolderError('clone.json', `${field}: image file missing: ${path}`);
  if (info.size > MAX_IMAGE_BYTES)
    throw new CloneFolderError(path, `image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const bytes = new Uint8Array(await readFile(full));
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new CloneFolderError(path, 'not an image (PNG, JPEG, GIF, WebP, AVIF or SVG)');
  return { path, bytes, contentType, sha256: createHash('sha256').update(bytes).digest('hex') };
}
