import { describe, expect, it } from 'vitest';
import { dashBullets } from './dash-bullets';

describe('dashBullets', () => {
  it('turns a leading dash and space into a bullet', () => {
    expect(dashBullets('- milk')).toBe('• milk');
  });

  it('works on every line', () => {
    expect(dashBullets('List:\n- milk\n- eggs\nthanks')).toBe('List:\n• milk\n• eggs\nthanks');
    expect(dashBullets('- a\r\n- b')).toBe('• a\r\n• b');
  });

  it('needs the space and the start of the line', () => {
    expect(dashBullets('-milk')).toBe('-milk');
    expect(dashBullets('a - b')).toBe('a - b');
    expect(dashBullets('  - indented')).toBe('  - indented');
    expect(dashBullets('-- x')).toBe('-- x');
  });

  it('converts only the first dash of a line', () => {
    expect(dashBullets('- - x')).toBe('• - x');
  });

  it('keeps the text length so the caret stays put', () => {
    const text = '- a\n- b\nc - d';
    expect(dashBullets(text)).toHaveLength(text.length);
  });

  it('leaves text without dashes alone', () => {
    expect(dashBullets('')).toBe('');
    expect(dashBullets('• already')).toBe('• already');
  });
});
