/**
 * @module The text of an attached document (issue 10 §4), for the brain to read: PDF with `unpdf`
 * (pdf.js for servers, no native parts), DOCX with `mammoth`, PPTX, XLSX and EPUB from their zip
 * entries (`fflate`), HTML with `html-to-text` (tags, scripts and styles dropped: text only), RTF
 * with its control words removed, and txt, md, csv and srt as they are (srt without cue numbers and
 * times). Images have no text.
 */
import type { AttachmentExtension } from '@doppel/protocol';
import { convert } from 'html-to-text';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { pptxText, xlsxText } from './office-text';
import { naturalOrder, zipTextEntries } from './zip-entries';

/** Extracted text is cut here (about 300 pages): enough for answers, bounded for the database. */
export const MAX_TEXT_CHARS = 1_000_000;

const htmlText = (html: string): string =>
  convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  });

function rtfText(rtf: string): string {
  return rtf
    .replace(/\\'([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\{\\\*[^{}]*\}/g, '')
    .replace(/\\(par|line)\b ?/g, '\n')
    .replace(/\\[a-z]+-?\d* ?/gi, '')
    .replace(/\\([{}\\])/g, '$1')
    .replace(/[{}]/g, '')
    .replace(/\n{3,}/g, '\n\n');
}

function srtText(srt: string): string {
  return srt
    .split(/\r?\n/)
    .filter((line) => !/^\d+$/.test(line.trim()) && !/-->/.test(line))
    .join('\n');
}

function epubText(bytes: Uint8Array): string {
  const entries = zipTextEntries(bytes, (name) => /\.x?html?$/i.test(name));
  return naturalOrder(entries.keys())
    .map((name) => htmlText(entries.get(name) ?? ''))
    .join('\n\n');
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.join('\n\n');
}

/** The text of `bytes`, a file of type `ext`; '' for images. Throws when the file cannot be read. */
export async function extractDocumentText(bytes: Uint8Array, ext: AttachmentExtension): Promise<string> {
  const utf8 = () => new TextDecoder('utf-8').decode(bytes);
  let text: string;
  switch (ext) {
    case 'pdf':
      text = await pdfText(bytes);
      break;
    case 'docx':
      text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
      break;
    case 'pptx':
      text = pptxText(bytes);
      break;
    case 'xlsx':
      text = xlsxText(bytes);
      break;
    case 'epub':
      text = epubText(bytes);
      break;
    case 'html':
      text = htmlText(utf8());
      break;
    case 'rtf':
      text = rtfText(utf8());
      break;
    case 'srt':
      text = srtText(utf8());
      break;
    case 'txt':
    case 'md':
    case 'csv':
      text = utf8();
      break;
    default:
      return '';
  }
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .trim()
    .slice(0, MAX_TEXT_CHARS);
}
