import { describe, expect, it } from 'vitest';
import { isName, tidySentence } from './tidy-sentence';

describe('tidySentence: a word before a comma', () => {
  it('keeps an adjective opening the sentence (not a listener addressed)', () => {
    expect(tidySentence('Calm, overcast days are best.')).toBe('Calm, overcast days are best.');
    expect(tidySentence('Careful, the blade is sharp.')).toBe('Careful, the blade is sharp.');
    expect(tidySentence('Cold, wet hands are the worst thing you can bring to a rock pool.')).toBe(
      'Cold, wet hands are the worst thing you can bring to a rock pool.',
    );
    expect(tidySentence('Obvious, but it is the one people skip.')).toBe(
      'Obvious, but it is the one people skip.',
    );
  });

  it('keeps an adjective between commas after a lowercase word', () => {
    expect(tidySentence('I like it overcast, Calm, the water goes flat.')).toBe(
      'I like it overcast, Calm, the water goes flat.',
    );
  });

  it('still leaves out a real name addressed before a clause, as before', () => {
    // A command after a name has no clause to tell it from "Stir, don't shake": kept whole, as before.
    expect(tidySentence('Sam, glue only the middle.')).toBe('Sam, glue only the middle.');
    expect(tidySentence('Sam, you glue only the middle.')).toBe('You glue only the middle.');
    expect(tidySentence('Ellie, figured maple is hard.')).toBe('Figured maple is hard.');
    expect(tidySentence('Good question, Clive, you can do it with a chisel.')).toBe(
      'Good question, you can do it with a chisel.',
    );
  });

  it('keeps a name the clause after it describes ("Dafydd, who was a postman, …")', () => {
    expect(tidySentence('Dafydd, who was a postman for thirty years, makes all our frames.')).toBe(
      'Dafydd, who was a postman for thirty years, makes all our frames.',
    );
    expect(tidySentence('Nell, whose stall is in Ludbury, sells the jars.')).toBe(
      'Nell, whose stall is in Ludbury, sells the jars.',
    );
  });

  it('keeps a name an article describes, in a list or in apposition', () => {
    expect(
      tidySentence(
        'Home is me, my husband Dev, who knows every dog by name, Sprout, a border terrier, and Wren.',
      ),
    ).toBe('Home is me, my husband Dev, who knows every dog by name, Sprout, a border terrier, and Wren.');
  });

  it('reads adjective endings only after a stem of three letters', () => {
    expect(isName('Careful')).toBe(false);
    expect(isName('Honestly')).toBe(false);
    expect(isName('Sharpest')).toBe(false);
    expect(isName('Reasonable')).toBe(false);
    expect(isName('Quiet')).toBe(false);
    expect(isName('Sam')).toBe(true);
    expect(isName('Olive')).toBe(true);
    expect(isName('Trish')).toBe(true);
  });
});
