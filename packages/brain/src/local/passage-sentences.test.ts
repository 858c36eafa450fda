import { describe, expect, it } from 'vitest';
import { passageSentences } from './passage-sentences';

describe('passageSentences', () => {
  it('reads a transcript speaker label as who speaks', () => {
    const [line] = passageSentences('HOST (Dee Okafor): How high should a bench be?');
    expect(line).toMatchObject({ speaker: 'host dee okafor', text: 'How high should a bench be?' });
  });

  it('reads a capitals heading with a colon as a heading, not as someone speaking', () => {
    const [heading, line] = passageSentences(
      'PIANO LESSONS: WHAT DO THEY COST?\n\n30-minute lesson: 24 pounds.',
    );
    expect(heading).toMatchObject({
      speaker: null,
      heading: true,
      text: 'PIANO LESSONS: WHAT DO THEY COST?',
    });
    expect(line).toMatchObject({ speaker: null, section: 'PIANO LESSONS: WHAT DO THEY COST?' });
  });

  it('keeps a glossary line whose parentheses gloss an abbreviation as text, not a speaker', () => {
    const [line] = passageSentences('FAS (Firsts and Seconds): the top grade. Wide, long boards.');
    expect(line).toMatchObject({ speaker: null, text: 'FAS (Firsts and Seconds): the top grade.' });
  });

  it('reads a short line without an end mark after another such line as a list line, not a heading', () => {
    const sentences = passageSentences(
      'THE WIPING BLEND (house finish)\n\nFlood on, wait 10 minutes, wipe off all excess, re-wipe after 1 hour on oak\n\n24 hours between coats (48 hours below 60 F)',
    );
    expect(sentences.map((s) => [s.heading, s.listLine])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });

  it('gives each sentence the heading of its section', () => {
    const sentences = passageSentences(
      'The budget, line by line\n\nChisels - around 80 dollars.\n\nWhat not to buy yet\n\nA table saw, as your first machine.',
    );
    expect(sentences.map((s) => s.section)).toEqual([
      null,
      'The budget, line by line',
      null,
      'What not to buy yet',
    ]);
    expect(sentences.map((s) => s.heading)).toEqual([true, false, true, false]);
  });

  it('reads a label opening a paragraph as the heading of that paragraph, not of the next', () => {
    const sentences = passageSentences(
      "Squeeze-out. Don't wipe it while it's wet. Wait about twenty minutes.\n\nClamps off after an hour.",
    );
    expect(sentences.map((s) => [s.section, s.headed])).toEqual([
      [null, false],
      ['Squeeze-out', true],
      ['Squeeze-out', true],
      [null, false],
    ]);
  });

  it('does not read an answer ("Yes.") as a label', () => {
    const sentences = passageSentences('Yes. About a third of my riders are new.');
    expect(sentences.map((s) => s.section)).toEqual([null, null]);
  });

  it('marks a sentence whose "he" or "she" names no one before it as pointing back', () => {
    const [farm, arlo] = passageSentences(
      'I grew up on a sheep farm, and he was the one who fixed everything. My grandfather, Arlo, said he could fix anything.',
    );
    expect(farm?.dangling).toBe(true);
    expect(arlo?.dangling).toBe(false);
    // Named as the sentence's first word: "Walter taught me…, until he died" points back at no one.
    const [walter, then] = passageSentences(
      'Walter taught me for five years, until he died at 88. Then he left me his hives.',
    );
    expect(walter?.dangling).toBe(false);
    expect(then?.dangling).toBe(true);
  });

  it('reads a question put to the creator and reported ("Someone asked…") as a question', () => {
    const [asked, reply] = passageSentences(
      'March 3 - Someone asked what bike I ride. A titanium all-road bike.',
    );
    expect(asked?.question).toBe(true);
    expect(reply?.question).toBe(false);
    expect(passageSentences('I started coaching for anyone who asked.')[0]?.question).toBe(false);
  });

  it('reads each checklist line as a line of its own, without its box, even when the import ran them together', () => {
    const texts = passageSentences(
      'GROUP 3 - PLANES\n\n[ ] Number 5 jack plane, about 14 inches [ ] Block plane - for end grain and small parts',
    ).map((s) => s.text);
    expect(texts).toEqual([
      'GROUP 3 - PLANES',
      'Number 5 jack plane, about 14 inches',
      'Block plane - for end grain and small parts',
    ]);
    expect(passageSentences('- Big sets of anything.\n- Specialty planes.').map((s) => s.text)).toEqual([
      'Big sets of anything.',
      'Specialty planes.',
    ]);
  });

  it('reads a lone interjection ("Ha.", "OK.") as noise, never quoted', () => {
    const [ha, ok, honest] = passageSentences("Ha. OK. I'll be honest and try to be fair.");
    expect(ha?.noise).toBe(true);
    expect(ok?.noise).toBe(true);
    expect(honest?.noise).toBe(false);
  });
});
