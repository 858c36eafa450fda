/**
 * @module A knowledge `.srt` file: cues carry their own times. Cues are short, so consecutive
 * ones are joined into paragraphs (ending on a sentence end past ~40 words, or at ~80 words),
 * each starting at its first cue's time. Title, type and url come from a sibling
 * `NAME.srt.json`, or default to the file name and "file".
 */
import { z } from 'zod';
import { CloneFolderError } from './clone-folder-error';
import { type KnowledgeDocument, type Paragraph, titleFromFileName } from './knowledge-document';
import { parseJsonFile } from './parse-json-file';
import { citationType } from './parse-markdown';
import { parseSrtTime } from './timestamps';

const PARAGRAPH_MIN_WORDS = 40;
const PARAGRAPH_MAX_WORDS = 80;

const Sidecar = z.object({
  title: z.string().trim().min(1).optional(),
  type: z.string().optional(),
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .nullable()
    .optional(),
});

interface Cue {
  startMs: number;
  text: string;
}

/** The cues of an SRT file, in file order. */
export function parseCues(path: string, text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const timeIndex = lines.findIndex((line) => line.includes('-->'));
    const label = /^\d+$/.test(lines[0]?.trim() ?? '')
      ? `cue ${lines[0]?.trim()}`
      : `cue #${cues.length + 1}`;
    if (timeIndex === -1 || timeIndex > 1)
      throw new CloneFolderError(path, `${label} has no "start --> end" time line`);
    const [start = '', end = ''] = (lines[timeIndex] ?? '').split('-->');
    const startMs = parseSrtTime(start);
    if (startMs === null || parseSrtTime(end.trim().split(/\s+/)[0] ?? '') === null) {
      throw new CloneFolderError(
        path,
        `bad timestamp in ${label}: "${lines[timeIndex]?.trim()}" (use 00:01:02,500)`,
      );
    }
    const cueText = lines
      .slice(timeIndex + 1)
      .join(' ')
      .replace(/<[^>]+>|\{\\[^}]*\}/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (cueText) cues.push({ startMs, text: cueText });
  }
  return cues;
}

/** Consecutive cues joined into paragraphs. */
export function cuesToParagraphs(cues: readonly Cue[]): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let current: Cue[] = [];
  let words = 0;
  const flush = (): void => {
    const first = current[0];
    if (first)
      paragraphs.push({ text: current.map((cue) => cue.text).join(' '), timestampMs: first.startMs });
    current = [];
    words = 0;
  };
  for (const cue of cues) {
    current.push(cue);
    words += cue.text.split(' ').length;
    if ((words >= PARAGRAPH_MIN_WORDS && /[.!?…]["')\]]*$/.test(cue.text)) || words >= PARAGRAPH_MAX_WORDS)
      flush();
  }
  flush();
  return paragraphs;
}

/** Reads the optional sidecar JSON text (null when absent). */
function parseSidecar(path: string, json: string | null): z.infer<typeof Sidecar> {
  if (json === null) return {};
  const data = parseJsonFile(`${path}.json`, json);
  const parsed = Sidecar.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CloneFolderError(`${path}.json`, `${issue?.path.join('.') || 'value'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Parses one SRT knowledge file and its sidecar (`sidecarJson` null when there is none). */
export function parseSrt(path: string, text: string, sidecarJson: string | null): KnowledgeDocument {
  const meta = parseSidecar(path, sidecarJson);
  const paragraphs = cuesToParagraphs(parseCues(path, text));
  if (paragraphs.length === 0) throw new CloneFolderError(path, 'empty document (no cue text)');
  return {
    path,
    title: meta.title ?? titleFromFileName(path.split('/').pop() ?? path),
    type: citationType(`${path}.json`, meta.type),
    url: meta.url ?? null,
    paragraphs,
  };
}
