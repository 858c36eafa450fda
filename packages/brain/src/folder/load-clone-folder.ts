/**
 * @module Reads and validates a clone folder (CLONE_FOLDER.md): clone.json, its images and
 * every knowledge file. Any problem throws a `CloneFolderError` naming the file.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CloneFile } from './clone-file';
import { CloneFolderError } from './clone-folder-error';
import { type ImageFile, readImageFile } from './image-file';
import type { KnowledgeDocument } from './knowledge-document';
import { parseJsonFile } from './parse-json-file';
import { parseMarkdown } from './parse-markdown';
import { parseSrt } from './parse-srt';
import { parseText } from './parse-text';

export interface CloneFolder {
  dir: string;
  clone: CloneFile;
  /** The profile picture when clone.json names a file (an http(s) imageUrl is kept as is). */
  image: ImageFile | null;
  /** Instance pictures that are files, by instance slug. */
  instanceImages: Map<string, ImageFile>;
  /** Knowledge files sorted by path. */
  documents: KnowledgeDocument[];
}

const isUrl = (value: string): boolean => /^https?:\/\//i.test(value);

async function readCloneFile(dir: string): Promise<CloneFile> {
  const text = await readFile(join(dir, 'clone.json'), 'utf8').catch(() => null);
  if (text === null)
    throw new CloneFolderError('clone.json', `missing (expected ${join(dir, 'clone.json')})`);
  const data = parseJsonFile('clone.json', text);
  const parsed = CloneFile.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const path = issue.path.join('.');
      if (issue.code === 'unrecognized_keys')
        return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
      return path ? `${path} ${issue.message}` : issue.message;
    });
    throw new CloneFolderError('clone.json', problems.join('; '));
  }
  return parsed.data;
}

/** Every file under `dir/knowledge`, as paths relative to `dir`, skipping hidden ones. */
async function knowledgeFiles(dir: string, sub = 'knowledge'): Promise<string[]> {
  const entries = await readdir(join(dir, sub), { withFileTypes: true }).catch(() => null);
  if (!entries) return [];
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = `${sub}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await knowledgeFiles(dir, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files.sort();
}

async function readDocument(dir: string, path: string, all: ReadonlySet<string>): Promise<KnowledgeDocument> {
  const text = await readFile(join(dir, path), 'utf8');
  const lower = path.toLowerCase();
  if (lower.endsWith('.md') || lower.endsWith('.markdown')) return parseMarkdown(path, text);
  if (lower.endsWith('.txt')) return parseText(path, text);
  if (lower.endsWith('.srt')) {
    const sidecar = all.has(`${path}.json`) ? await readFile(join(dir, `${path}.json`), 'utf8') : null;
    return parseSrt(path, text, sidecar);
  }
  throw new CloneFolderError(path, 'unsupported knowledge file (use .md, .txt or .srt)');
}

/** Loads and validates the clone folder at `dir`. */
export async function loadCloneFolder(dir: string): Promise<CloneFolder> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new CloneFolderError(dir, 'not a folder');
  const clone = await readCloneFile(dir);
  const image =
    clone.imageUrl && !isUrl(clone.imageUrl) ? await readImageFile(dir, clone.imageUrl, 'imageUrl') : null;
  const instanceImages = new Map<string, ImageFile>();
  for (const [i, instance] of clone.instances.entries()) {
    if (instance.imageUrl && !isUrl(instance.imageUrl)) {
      instanceImages.set(
        instance.slug,
        await readImageFile(dir, instance.imageUrl, `instances.${i}.imageUrl`),
      );
    }
  }
  const files = await knowledgeFiles(dir);
  const all = new Set(files);
  const documents: KnowledgeDocument[] = [];
  for (const path of files) {
    if (path.toLowerCase().endsWith('.srt.json') && all.has(path.slice(0, -'.json'.length))) continue;
    documents.push(await readDocument(dir, path, all));
  }
  return { dir, clone, image, instanceImages, documents };
}
