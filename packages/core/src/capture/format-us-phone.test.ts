import { describe, expect, it } from 'vitest';
import { formatUsPhone } from './format-us-phone';

describe('formatUsPhone', () => {
  it.each([
    '5551234567',
    '+15551234567',
    '15551234567',
    '+1 (555) 123-4567',
    '555.123.4567',
    ' 555 123 4567 ',
  ])('formats %j', (raw) => {
    expect(formatUsPhone(raw)).toBe('(555) 123-4567');
  });

  it.each(['555123456', '+445551234567', '25551234567', '+44 20 7946 0958', 'call me', ''])(
    'leaves %j as typed',
    (raw) => {
      expect(formatUsPhone(raw)).toBe(raw);
    },
  );
});
