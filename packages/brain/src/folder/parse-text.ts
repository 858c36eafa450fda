/** @module A knowledge `.txt` file: the first line is the title, the rest the text; type "file". */
import { CloneFolderError } from './clone-folder-error';
import type { KnowledgeDocument } from './knowledge-document';
import { toParagraphs } from './paragraphs';

export function parseText(path: string, text: string): KnowledgeDocument {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const titleIndex = lines.findIndex((line) => line.trim() !== '');
  if (titleIndex === -1) throw new CloneFolderError(path, 'empty document');
  const paragraphs = toParagraphs(lines.slice(titleIndex + 1).join('\n'), path, titleIndex + 2);
  if (paragraphs.length === 0) {
    throw new CloneFolderError(path, 'empty document (the first line is the title; the text follows it)');
  }
  return { path, title: (lines[titleIndex] ?? '').trim(), type: 'file', url: null, paragraphs };
}
