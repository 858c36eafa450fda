/**
 * @module Which file of the examples folder a URL path names, if the examples server may serve
 * it at all. Only the host pages and their builds are public: an allowlist of paths, no
 * dotfiles, and no symlink that leads anywhere else (into node_modules, out of the folder).
 */
import { realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * What the examples server shows, relative to the examples folder: a path ending in `/` is a
 * folder (everything below it), any other an exact file. The React example's sources,
 * package.json and node_modules are not among them: only its page and its build.
 */
export const EXAMPLE_PATHS: readonly string[] = [
  'index.html',
  'plain/',
  'strict-csp/',
  // A cited page with a preview image (its og:image), for the link preview's end-to-end test.
  'og/',
  'react/index.html',
  'react/dist/',
];

export type ExampleFile =
  /** A file to serve: its real path on disk. */
  | { kind: 'file'; path: string }
  /** A folder named without its slash: relative links would resolve against the parent. */
  | { kind: 'folder'; location: string }
  | { kind: 'none' };

const NONE: ExampleFile = { kind: 'none' };

const allowedBy = (paths: readonly string[], rel: string): boolean =>
  paths.some((allowed) => (allowed.endsWith('/') ? rel.startsWith(allowed) : rel === allowed));

/** The URL path's segments, or null for a malformed one or one with a dot segment (`.env`, `..`). */
function segmentsOf(urlPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s, i, all) => !(s === '' && (i === 0 || i === all.length - 1)));
  return segments.some((s) => s === '' || s.startsWith('.')) ? null : segments;
}

async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch {
    return null;
  }
}

/**
 * The file `rel` (a path relative to `root`, `/`-separated) when it is allowed, exists as a
 * regular file, and its real location (every symlink followed) is an allowed path inside the
 * real `root` too.
 */
async function allowedFile(root: string, rel: string, paths: readonly string[]): Promise<string | null> {
  if (!allowedBy(paths, rel)) return null;
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([realpath(join(root, rel)), realpath(root)]);
  } catch {
    return null;
  }
  if (!real.startsWith(realRoot + sep)) return null;
  const realRel = relative(realRoot, real).split(sep);
  if (realRel.some((s) => s.startsWith('.')) || !allowedBy(paths, realRel.join('/'))) return null;
  const info = await statOrNull(real);
  return info?.isFile() ? real : null;
}

/** What the examples server answers for `urlPath`: a file, a redirect to a folder's slash, or nothing. */
export async function findExampleFile(
  root: string,
  urlPath: string,
  paths: readonly string[] = EXAMPLE_PATHS,
): Promise<ExampleFile> {
  const segments = segmentsOf(urlPath);
  if (segments === null) return NONE;
  const rel = segments.join('/');
  const folder = rel === '' || urlPath.endsWith('/');
  if (folder) {
    const index = await allowedFile(root, rel === '' ? 'index.html' : `${rel}/index.html`, paths);
    return index ? { kind: 'file', path: index } : NONE;
  }
  const file = await allowedFile(root, rel, paths);
  if (file) return { kind: 'file', path: file };
  // Only a folder whose page would be served is worth a redirect; any other stays unseen.
  const info = await statOrNull(join(root, rel));
  if (info?.isDirectory() && (await allowedFile(root, `${rel}/index.html`, paths))) {
    return { kind: 'folder', location: `${urlPath}/` };
  }
  return NONE;
}
