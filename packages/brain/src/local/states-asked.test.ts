import { describe, expect, it } from 'vitest';
import { mirroredPhrases } from './states-asked';

describe('mirroredPhrases', () => {
  it('turns the visitor’s "your" and "do you" into the creator’s "my" and "I"', () => {
    const [own] = mirroredPhrases('How tall is your own bench?');
    expect(own?.test('My own bench is this one at the end.')).toBe(true);
    expect(own?.test('A bench should be as high as your wrist.')).toBe(false);
    const [ride] = mirroredPhrases('What bike do you ride?');
    expect(ride?.test('Someone asked what bike I ride.')).toBe(true);
  });
});
