import { describe, expect, it } from 'vitest';
import { grantable } from './grantable';

describe('grantable', () => {
  it('grants all of it below the quota', () => {
    expect(grantable({ quota: 600, used: 0, overage: false }, 30)).toBe(30);
    expect(grantable({ quota: 600, used: 570, overage: false }, 30)).toBe(30);
  });

  it('grants up to the quota, never past it (a partial grant)', () => {
    expect(grantable({ quota: 600, used: 590, overage: false }, 30)).toBe(10);
    expect(grantable({ quota: 600, used: 600, overage: false }, 30)).toBe(0);
    expect(grantable({ quota: 600, used: 650, overage: false }, 30)).toBe(0);
    expect(grantable({ quota: 0, used: 0, overage: false }, 1)).toBe(0);
  });

  it('grants everything when unlimited or with overage', () => {
    expect(grantable({ quota: -1, used: 1e6, overage: false }, 30)).toBe(30);
    expect(grantable({ quota: 600, used: 650, overage: true }, 30)).toBe(30);
  });

  it('grants nothing for nothing asked', () => {
    expect(grantable({ quota: -1, used: 0, overage: false }, 0)).toBe(0);
    expect(grantable({ quota: 600, used: 0, overage: false }, -5)).toBe(0);
    expect(grantable({ quota: 600, used: 0, overage: false }, Number.NaN)).toBe(0);
  });

  it('is all or nothing for one message', () => {
    expect(grantable({ quota: 30, used: 29, overage: false }, 1)).toBe(1);
    expect(grantable({ quota: 30, used: 30, overage: false }, 1)).toBe(0);
  });
});
