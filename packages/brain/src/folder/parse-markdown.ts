/** @module A knowledge `.md` file: YAML front matter (title, type, url) and a body. */
import { CitationType } from '@doppel/protocol';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { CloneFolderError } from './clone-folder-error';
import { type KnowledgeDocument, titleFromFileName } from './knowledge-document';
import { toParagraphs } from './paragraphs';

const FrontMatter = z.object({
  title: z.coerce.string().trim().min(1).optional(),
  type: z.string().optional(),
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .nullable()
    .optional(),
});

/** Splits `---` front matter from the body; answers the body's first line number too. */
export function splitFrontMatter(
  path: string,
  text: string,
): { yaml: string | null; body: string; bodyLine: number } {
  const source = text.replace(/^\uFEFF/, '');
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) {
    if (/^---[ \t]*\r?\n/.test(source))
      throw new CloneFolderError(path, 'front matter has no closing --- line');
    return { yaml: null, body: source, bodyLine: 1 };
  }
  const bodyLine = match[0].split('\n').length;
  return { yaml: match[1] ?? '', body: source.slice(match[0].length), bodyLine };
}

/**
 * The front matter's fields. Strict YAML refuses `title: Episode 23 - Questions: Bench Height`
 * (a colon in a plain value), which creators write all the time; when YAML fails and every
 * line is a plain `key: value`, the values are taken literally instead.
 */
function readFrontMatter(path: string, yaml: string): unknown {
  try {
    return parseYaml(yaml) ?? {};
  } catch (error) {
    const lines = yaml
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
    const pairs = lines.map((line) => /^([A-Za-z_][\w-]*):[ \t]*(.*?)\s*$/.exec(line));
    if (pairs.length > 0 && pairs.every((pair) => pair !== null)) {
      return Object.fromEntries(
        pairs.flatMap((pair) => (pair ? [[pair[1], pair[2]?.replace(/^(["'])(.*)\1$/, '$2')]] : [])),
      );
    }
    const reason =
      error instanceof Error ? (error.message.split('\n')[0] ?? '').replace(/:$/, '') : String(error);
    throw new CloneFolderError(path, `invalid front matter: ${reason}`);
  }
}

/** Checks a citation type named by a file, listing the valid ones when it is unknown. */
export function citationType(file: string, value: string | undefined): CitationType {
  if (value === undefined) return 'file';
  const parsed = CitationType.safeParse(value);
  if (!parsed.success) {
    throw new CloneFolderError(file, `unknown type "${value}" (one of ${CitationType.options.join(', ')})`);
  }
  return parsed.data;
}

/** Parses one markdown knowledge file (`path` relative to the clone folder). */
export function parseMarkdown(path: string, text: string): KnowledgeDocument {
  const { yaml, body, bodyLine } = splitFrontMatter(path, text);
  const data = yaml ? readFrontMatter(path, yaml) : {};
  const parsed = FrontMatter.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CloneFolderError(
      path,
      `front matter ${issue?.path.join('.') || ''}: ${issue?.message ?? 'is invalid'}`,
    );
  }
  const paragraphs = toParagraphs(body, path, bodyLine);
  if (paragraphs.length === 0)
    throw new CloneFolderError(path, 'empty document (no text after the front matter)');
  const heading = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  return {
    path,
    title: parsed.data.title ?? heading ?? titleFromFileName(path.split('/').pop() ?? path),
    type: citationType(path, parsed.data.type),
    url: parsed.data.url ?? null,
    paragraphs,
  };
}
