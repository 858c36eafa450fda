import { describe, expect, it } from 'vitest';
import { fileExtension, sanitizeFileName } from './sanitize-file-name';

describe('sanitizeFileName (spec/chat.md §5)', () => {
  it('keeps lowercase letters, digits and hyphens, plus the extension', () => {
    expect(sanitizeFileName('My Résumé (final) 2.PDF')).toBe('my-resume-final-2.pdf');
    expect(sanitizeFileName('shop_notes--v1.md')).toBe('shop-notes-v1.md');
  });

  it('drops folders and odd characters; an empty stem becomes "file"', () => {
    expect(sanitizeFileName('C:\\Users\\a\\..\\photo.JPG')).toBe('photo.jpg');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('日本.png')).toBe('file.png');
    expect(sanitizeFileName('.env')).toBe('env');
  });

  it('reads the extension', () => {
    expect([fileExtension('a.B.Docx'), fileExtension('noext'), fileExtension('.hidden')]).toEqual([
      'docx',
      '',
      '',
    ]);
  });
});
