/** @module Looks a program up on PATH (or takes an absolute path), without running it. */
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** The full path of `name`, or null when no executable of that name is found. */
export function findExecutable(name: string, path: string = process.env.PATH ?? ''): string | null {
  const candidates = isAbsolute(name)
    ? [name]
    : path
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}
