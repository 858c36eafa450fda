/** @module Test helpers: clone folders in temporary directories. */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/brain/fixtures: complete clone folders. */
export const fixturesDir = fileURLToPath(new URL('../../fixtures/', import.meta.url));

export interface TempFolder {
  dir: string;
  write(path: string, content: string | Uint8Array): Promise<void>;
  remove(path: string): Promise<void>;
  dispose(): Promise<void>;
}

async function temp(): Promise<TempFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'doppel-clone-'));
  return {
    dir,
    async write(path, content) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    },
    remove: (path) => rm(join(dir, path), { force: true }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A writable copy of fixture `name` (e.g. 'baker'). */
export async function copyFixture(name: string): Promise<TempFolder> {
  const folder = await temp();
  await cp(join(fixturesDir, name), folder.dir, { recursive: true });
  return folder;
}

/** A folder holding exactly `files` (path → content). */
export async function writeFolder(files: Record<string, string | Uint8Array>): Promise<TempFolder> {
  const folder = await temp();
  for (const [path, content] of Object.entries(files)) await folder.write(path, content);
  return folder;
}
