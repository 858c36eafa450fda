/**
 * @module An upload's type, checked by its content (issue 10 §4, DESIGN §6): the magic bytes of a
 * PDF, an Office file, an EPUB, an RTF, a PNG or a JPEG (`file-type`), or UTF-8 text without
 * control bytes for txt, md, csv, srt and html. The extension only says which check applies; a
 * file whose content is something else is refused.
 */
import { ATTACHMENT_EXTENSIONS, type AttachmentExtension } from '@doppel/protocol';
import { fileTypeFromBuffer } from 'file-type';

export interface Attachment {
  extension: AttachmentExtension;
  contentType: string;
  kind: 'image' | 'document';
}

const BINARY: Partial<
  Record<AttachmentExtension, { detected: string; contentType: string; kind: Attachment['kind'] }>
> = {
  pdf: { detected: 'pdf', contentType: 'application/pdf', kind: 'document' },
  docx: {
    detected: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'document',
  },
  pptx: {
    detected: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    kind: 'document',
  },
  xlsx: {
    detected: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    kind: 'document',
  },
  epub: { detected: 'epub', contentType: 'application/epub+zip', kind: 'document' },
  rtf: { detected: 'rtf', contentType: 'application/rtf', kind: 'document' },
  png: { detected: 'png', contentType: 'image/png', kind: 'image' },
  jpg: { detected: 'jpg', contentType: 'image/jpeg', kind: 'image' },
  jpeg: { detected: 'jpg', contentType: 'image/jpeg', kind: 'image' },
};

const TEXT: Partial<Record<AttachmentExtension, string>> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  srt: 'application/x-subrip',
  html: 'text/html',
};

const NAMES: Record<string, string> = { jpg: 'JPEG', jpeg: 'JPEG', md: 'Markdown', srt: 'SRT', epub: 'EPUB' };
const named = (ext: string): string => NAMES[ext] ?? ext.toUpperCase();

/** Whether `ext` is an attachment type at all. */
export function isAttachmentExtension(ext: string): ext is AttachmentExtension {
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext);
}

/** True when `bytes` read as UTF-8 text with no control bytes but tab, line feed, carriage return and form feed. */
export function looksLikeText(bytes: Uint8Array): boolean {
  // A cut may fall inside a multi-byte character: check all but the last 3 bytes strictly.
  const body = bytes.length > 4 ? bytes.subarray(0, bytes.length - 3) : bytes;
  for (const byte of body)
    if (byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** The attachment `bytes` (the file, or its start) are, for a file named with `ext`; else the reason. */
export async function detectAttachment(
  bytes: Uint8Array,
  ext: string,
): Promise<{ ok: true; attachment: Attachment } | { ok: false; reason: string }> {
  if (!isAttachmentExtension(ext))
    return {
      ok: false,
      reason: `Files of this type cannot be attached (${ATTACHMENT_EXTENSIONS.join(', ')})`,
    };
  if (bytes.length === 0) return { ok: false, reason: 'The file is empty' };
  const binary = BINARY[ext];
  if (binary) {
    const found = await fileTypeFromBuffer(bytes);
    if (found?.ext !== binary.detected)
      return {
        ok: false,
        reason: `The file's content is not ${/^[AEIOU]/.test(named(ext)) ? 'an' : 'a'} ${named(ext)} file`,
      };
    return { ok: true, attachment: { extension: ext, contentType: binary.contentType, kind: binary.kind } };
  }
  const text = TEXT[ext];
  if (!text || !looksLikeText(bytes.subarray(0, 64 * 1024)))
    return { ok: false, reason: `The file's content is not text (${named(ext)})` };
  return { ok: true, attachment: { extension: ext, contentType: text, kind: 'document' } };
}
