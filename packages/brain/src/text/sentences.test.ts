import { describe, expect, it } from 'vitest';
import { countWords, splitSentences } from './sentences';

describe('splitSentences', () => {
  it('splits on sentence ends followed by a capital', () => {
    expect(splitSentences('I plan in blocks. Each block is four weeks! Why? Recovery.')).toEqual([
      'I plan in blocks.',
      'Each block is four weeks!',
      'Why?',
      'Recovery.',
    ]);
  });

  it('keeps abbreviations, initials and decimals inside a sentence', () => {
    expect(splitSentences('Dr. Smith said e.g. Tuesday works. J. R. R. Tolkien wrote 3.5 books.')).toEqual([
      'Dr. Smith said e.g. Tuesday works.',
      'J. R. R. Tolkien wrote 3.5 books.',
    ]);
  });

  it('reads "No." as a reply ending its sentence, and as an abbreviation only before a number', () => {
    expect(splitSentences('No. I was a hospital pharmacist for nine years.')).toEqual([
      'No.',
      'I was a hospital pharmacist for nine years.',
    ]);
    expect(splitSentences('I use a No. 5 jack plane. It flattens fast.')).toEqual([
      'I use a No. 5 jack plane.',
      'It flattens fast.',
    ]);
  });

  it('keeps closing quotes with their sentence and collapses whitespace', () => {
    expect(splitSentences('He said "go now."  Then\nwe went.')).toEqual([
      'He said "go now."',
      'Then we went.',
    ]);
  });

  it('answers nothing for blank text', () => {
    expect(splitSentences('   ')).toEqual([]);
  });
});

describe('countWords', () => {
  it('counts whitespace-separated words', () => {
    expect(countWords(' one two\nthree ')).toBe(3);
    expect(countWords('')).toBe(0);
  });
});
