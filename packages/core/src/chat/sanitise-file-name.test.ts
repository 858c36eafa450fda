import { describe, expect, it } from 'vitest';
import { sanitiseFileName } from './sanitise-file-name';

describe('sanitiseFileName', () => {
  it('keeps a clean name as it is', () => {
    expect(sanitiseFileName('photo.jpg')).toBe('photo.jpg');
    expect(sanitiseFileName('notes-2026.md')).toBe('notes-2026.md');
  });

  it('lowercases and hyphenates the base name and lowercases the extension', () => {
    expect(sanitiseFileName('My Photo (1).JPG')).toBe('my-photo-1.jpg');
    expect(sanitiseFileName('Report_Final  v2!!.PDF')).toBe('report-final-v2.pdf');
  });

  it('drops accents', () => {
    expect(sanitiseFileName('Résumé Übersicht.pdf')).toBe('resume-ubersicht.pdf');
  });

  it('keeps only the last extension', () => {
    expect(sanitiseFileName('archive.tar.gz')).toBe('archive-tar.gz');
  });

  it('has no leading, trailing or repeated hyphens', () => {
    expect(sanitiseFileName('--a---b--.png')).toBe('a-b.png');
    expect(sanitiseFileName('  spaced  .txt')).toBe('spaced.txt');
  });

  it('falls back to "file" when nothing of the base survives', () => {
    expect(sanitiseFileName('日本語.png')).toBe('file.png');
    expect(sanitiseFileName('!!!.csv')).toBe('file.csv');
    expect(sanitiseFileName('')).toBe('file');
  });

  it('handles names without an extension', () => {
    expect(sanitiseFileName('README')).toBe('readme');
    expect(sanitiseFileName('.env')).toBe('env');
    expect(sanitiseFileName('trailing.')).toBe('trailing');
  });

  it('cleans the extension too', () => {
    expect(sanitiseFileName('x.J P*G')).toBe('x.jpg');
    expect(sanitiseFileName('x.!!')).toBe('x');
  });

  it('drops any directory part', () => {
    expect(sanitiseFileName('C:\\fakepath\\Holiday.PNG')).toBe('holiday.png');
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
  });

  it('caps the base name at 100 characters without a trailing hyphen', () => {
    expect(sanitiseFileName(`${'a'.repeat(150)}.txt`)).toBe(`${'a'.repeat(100)}.txt`);
    expect(sanitiseFileName(`${'a'.repeat(99)} b.txt`)).toBe(`${'a'.repeat(99)}.txt`);
  });

  it('only ever produces lowercase letters, digits and hyphens plus the extension', () => {
    for (const name of ['A B.C', 'weird*&^%$#@name.JpEg', 'ñandú 2.heic', 'x', '...']) {
      expect(sanitiseFileName(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)?$/);
    }
  });
});
