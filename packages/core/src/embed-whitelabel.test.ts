import { describe, expect, it } from 'vitest';
import { embedWhitelabel } from './embed-whitelabel';

const plain = { whitelabel: null, cloneLogo: true, googleAvailable: true };

describe('embedWhitelabel', () => {
  it('shows everything without a configuration', () => {
    expect(embedWhitelabel(plain)).toEqual({
      whitelabeled: false,
      showLogo: true,
      showGoogle: true,
      showAccountLinks: true,
    });
  });

  it('hides the logo when the clone turns it off, whitelabeled or not', () => {
    expect(embedWhitelabel({ ...plain, cloneLogo: false }).showLogo).toBe(false);
    expect(embedWhitelabel({ ...plain, cloneLogo: false, whitelabel: { logo: true } }).showLogo).toBe(false);
  });

  it('never shows Google where it is not available', () => {
    expect(embedWhitelabel({ ...plain, googleAvailable: false }).showGoogle).toBe(false);
    expect(
      embedWhitelabel({ ...plain, googleAvailable: false, whitelabel: { googleButton: true } }).showGoogle,
    ).toBe(false);
  });

  it('is not whitelabeled when the configuration keeps every piece', () => {
    const chrome = embedWhitelabel({
      ...plain,
      whitelabel: { logo: true, googleButton: true, accountMenuItems: true },
    });
    expect(chrome).toEqual({ whitelabeled: false, showLogo: true, showGoogle: true, showAccountLinks: true });
    expect(embedWhitelabel({ ...plain, whitelabel: {} }).whitelabeled).toBe(false);
  });

  it('hides the logo, Google and the account links in a whitelabeled embed', () => {
    expect(embedWhitelabel({ ...plain, whitelabel: { logo: false } })).toEqual({
      whitelabeled: true,
      showLogo: false,
      showGoogle: false,
      showAccountLinks: false,
    });
  });

  it('keeps what a whitelabeled configuration asks to keep', () => {
    expect(embedWhitelabel({ ...plain, whitelabel: { accountMenuItems: false, logo: true } })).toEqual({
      whitelabeled: true,
      showLogo: true,
      showGoogle: false,
      showAccountLinks: false,
    });
    expect(
      embedWhitelabel({ ...plain, whitelabel: { googleButton: false, accountMenuItems: true } }),
    ).toEqual({ whitelabeled: true, showLogo: true, showGoogle: false, showAccountLinks: true });
    expect(embedWhitelabel({ ...plain, whitelabel: { logo: false, googleButton: true } }).showGoogle).toBe(
      true,
    );
  });
});
