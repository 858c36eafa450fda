import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cloneProfile, jsonResponse, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';
import { upsellBenefits } from './upsell-dialog';

function api(learnMoreUrl: string | null) {
  return mockApi({
    'GET /api/clones/demo': () =>
      jsonResponse(
        cloneProfile({
          monetization: {
            anonymous_quota: { messages: 10, voice_minutes: 0, video_minutes: 0 },
            has_upsell_options: true,
            learn_more_url: learnMoreUrl,
          },
        }),
      ),
    'GET /api/me': () => jsonResponse({ user: user(), relationships: [] }),
    'GET /api/clones/demo/usage': () =>
      jsonResponse(
        usage({
          anonymous: false,
          usage: { messages: 48, voice_seconds: 0, video_seconds: 0 },
          quota: { messages: 50, voice_seconds: 0, video_seconds: 0 },
        }),
      ),
  });
}

describe('upsell dialog (spec/calls.md §2)', () => {
  it("opens with the avatar, title, subtitle, three benefits and 'Learn More' to the clone's own page", async () => {
    api('https://ada.example.com/join');
    renderApp('/demo/talk');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /2 messages left/ }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Get more of Ada Demo' }, { timeout: 5_000 });
    expect(within(dialog).getByText('Become a member for more time with Ada Demo each month.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(
      upsellBenefits('Ada Demo', {
        voiceCall: false,
        videoCall: false,
        sms: false,
        telegram: false,
        payments: false,
      }),
    );
    const main = within(dialog).getByRole('link', { name: /^Learn More/ });
    expect(main.getAttribute('href')).toBe('https://ada.example.com/join');
    expect(main.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('button', { name: 'Logged in as ada@example.com' })).toBeTruthy();
  }, 30_000);

  it('names the features the deployment offers in the first benefit line', () => {
    expect(
      upsellBenefits('Ada', {
        voiceCall: true,
        videoCall: false,
        sms: true,
        telegram: false,
        payments: true,
      })[0],
    ).toBe('More messages, voice calls and text messages every month');
    expect(
      upsellBenefits('Ada', {
        voiceCall: false,
        videoCall: false,
        sms: false,
        telegram: false,
        payments: true,
      }),
    ).toEqual([
      'More messages every month',
      'Priority access to Ada, whenever you need it',
      'Personal advice from Ada, grounded in everything they have shared',
    ]);
  });
});
