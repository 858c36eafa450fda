import { describe, expect, it } from 'vitest';
import { leadingTimestamp, parseSrtTime } from './timestamps';

describe('leadingTimestamp', () => {
  it('reads [mm:ss] and [hh:mm:ss] as milliseconds', () => {
    expect(leadingTimestamp('[01:42] Next')).toEqual({ kind: 'ok', ms: 102_000, rest: 'Next' });
    expect(leadingTimestamp('[1:02:03] Later')).toEqual({ kind: 'ok', ms: 3_723_000, rest: 'Later' });
    expect(leadingTimestamp('[75:00] Long episode')).toMatchObject({ kind: 'ok', ms: 4_500_000 });
  });

  it('ignores text that does not start with a timestamp', () => {
    expect(leadingTimestamp('Plain [01:00] text')).toEqual({ kind: 'none' });
    expect(leadingTimestamp('[link](x)')).toEqual({ kind: 'none' });
  });

  it('flags malformed timestamps with a reason', () => {
    expect(leadingTimestamp('[01:75] x')).toMatchObject({ kind: 'bad', raw: '[01:75]', reason: /seconds/ });
    expect(leadingTimestamp('[1:5] x')).toMatchObject({ kind: 'bad', reason: /two digits/ });
    expect(leadingTimestamp('[01:60:00] x')).toMatchObject({ kind: 'bad', reason: /minutes/ });
    expect(leadingTimestamp('[1:2:3:4] x')).toMatchObject({ kind: 'bad' });
  });
});

describe('parseSrtTime', () => {
  it('reads SRT cue times', () => {
    expect(parseSrtTime('00:01:02,500')).toBe(62_500);
    expect(parseSrtTime('01:00:00.040')).toBe(3_600_040);
  });

  it('answers null for malformed times', () => {
    expect(parseSrtTime('00:61:00,000')).toBeNull();
    expect(parseSrtTime('1:2:3')).toBeNull();
  });
});
