import { describe, expect, it } from 'vitest';
import { embedWhitelabel } from './embed-whitelabel';

const plain = { whitelabel: null, cloneLogo: true, googleAvailable: true };
const everything = { logo: true, googleButton: true, accountMenuItems: true };

describe('embedWhitelabel', () => {
  it('shows everything without a configuration', () => {
    expect(embedWhitelabel(plain)).toEqual({
      whitelabeled: false,
      showLogo: true,
      showGoogle: true,
      showAccountLinks: true,
    });
  });

  it('shows everything a configuration keeps, and is not whitelabeled then', () => {
    expect(embedWhitelabel({ ...plain, whitelabel: everything })).toEqual({
      whitelabeled: false,
      showLogo: true,
      showGoogle: true,
      showAccountLinks: true,
    });
    expect(embedWhitelabel({ ...plain, whitelabel: {} }).whitelabeled).toBe(false);
  });

  it('hides the logo when the clone or the configuration turns it off, without whitelabeling', () => {
    expect(embedWhitelabel({ ...plain, cloneLogo: false }).showLogo).toBe(false);
    expect(embedWhitelabel({ ...plain, cloneLogo: false, whitelabel: everything }).showLogo).toBe(false);
    const noLogo = embedWhitelabel({ ...plain, whitelabel: { ...everything, logo: false } });
    expect(noLogo).toEqual({
      whitelabeled: false,
      showLogo: false,
      showGoogle: true,
      showAccountLinks: true,
    });
  });

  it('never shows Google where it is not available', () => {
    expect(embedWhitelabel({ ...plain, googleAvailable: false }).showGoogle).toBe(false);
    expect(embedWhitelabel({ ...plain, googleAvailable: false, whitelabel: everything }).showGoogle).toBe(
      false,
    );
  });

  it('hides the Google button when switched off: whitelabeled', () => {
    expect(embedWhitelabel({ ...plain, whitelabel: { ...everything, googleButton: false } })).toEqual({
      whitelabeled: true,
      showLogo: true,
      showGoogle: false,
      showAccountLinks: true,
    });
  });

  it('hides Profile, Subscriptions and Actions when switched off: whitelabeled', () => {
    expect(embedWhitelabel({ ...plain, whitelabel: { ...everything, accountMenuItems: false } })).toEqual({
      whitelabeled: true,
      showLogo: true,
      showGoogle: true,
      showAccountLinks: false,
    });
  });

  it('hides all three in a fully whitelabeled embed', () => {
    const all = { logo: false, googleButton: false, accountMenuItems: false };
    expect(embedWhitelabel({ ...plain, whitelabel: all })).toEqual({
      whitelabeled: true,
      showLogo: false,
      showGoogle: false,
      showAccountLinks: false,
    });
  });
});
