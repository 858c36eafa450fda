// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { installFromOffer, installOffer, listenForInstallOffer, platformOf } from './install-prompt';

describe('platformOf', () => {
  it('reads iPhone, iPad (also as a Mac with touch), Android and computers', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
    expect(platformOf(iphone)).toBe('ios');
    expect(platformOf(ipad, 5)).toBe('ios');
    expect(platformOf(ipad, 0)).toBe('desktop');
    expect(platformOf(android)).toBe('android');
    expect(platformOf(windows)).toBe('desktop');
  });
});

describe('the install offer', () => {
  it('keeps the browser’s offer, shows its dialog once, and forgets it after', async () => {
    const target = new EventTarget() as unknown as Window;
    listenForInstallOffer(target);
    let prompted = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        prompted += 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(installOffer.value).toBe(event);
    expect(await installFromOffer()).toBe(true);
    expect(prompted).toBe(1);
    expect(installOffer.value).toBeNull();
    expect(await installFromOffer()).toBe(false);
  });
});
