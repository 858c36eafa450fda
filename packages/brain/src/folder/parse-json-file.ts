/** @module JSON files of a clone folder: a syntax error names the file, line and column. */
import { jsonErrorOffset } from '../text/json-error-offset';
import { CloneFolderError } from './clone-folder-error';

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** Parses `text` (the content of `file`) as JSON. */
export function parseJsonFile(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text);
    const where = offset === null ? '' : ` at ${lineAndColumn(text, offset)}`;
    throw new CloneFolderError(file, `invalid JSON${where}: ${message}`);
  }
}
