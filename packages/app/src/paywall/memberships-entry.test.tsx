import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cloneProfile, jsonResponse, membership, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';

/** issue 9 §15: the memberships are reachable, promise only what is offered, and mark the plan the user has. */
function api() {
  return mockApi({
    'GET /api/clones/demo': () => jsonResponse(cloneProfile()),
    'GET /api/me': () => jsonResponse({ user: user(), relationships: [] }),
    'GET /api/clones/demo/usage': () =>
      jsonResponse(
        usage({
          anonymous: false,
          usage: { messages: 48, voice_seconds: 0, video_seconds: 0 },
          quota: { messages: 50, voice_seconds: 0, video_seconds: 0 },
        }),
      ),
    'GET /api/clones/demo/memberships': () =>
      jsonResponse({
        memberships: [
          membership({
            id: 'free',
            name: 'Free',
            basePrice: 0,
            annualPrice: 0,
            includedMessagesPerMonth: 50,
          }),
          // Voice minutes are on the tier, but this deployment offers no calls (NO_FEATURES).
          membership({ id: 'pro', name: 'Supporter' }),
        ],
        active_subscription: null,
      }),
  });
}

async function expectMemberships() {
  const dialog = await screen.findByRole('dialog', { name: 'Memberships for Ada Demo' }, { timeout: 5_000 });
  expect(within(dialog).getByText('Choose a membership for more messages each month.')).toBeTruthy();
  const free = await within(dialog).findByRole('article', { name: 'Free' }, { timeout: 5_000 });
  // The free plan the user is on says so, and offers nothing to buy.
  expect(within(free).getByText('Current plan')).toBeTruthy();
  expect(within(free).queryByRole('button')).toBeNull();
  const paid = within(dialog).getByRole('article', { name: 'Supporter' });
  expect(within(paid).queryByText('Current plan')).toBeNull();
  expect(within(paid).getByText('500 messages per month')).toBeTruthy();
  expect(within(dialog).queryByText(/voice call/i)).toBeNull();
  return dialog;
}

describe('memberships', () => {
  it('open from the messages-left counter', async () => {
    api();
    renderApp('/demo/talk');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /2 messages left/ }, { timeout: 5_000 }));
    await expectMemberships();
  }, 30_000);

  it('open from the account menu on a clone page', async () => {
    api();
    const { location } = renderApp('/demo');
    const person = userEvent.setup();
    await person.click(
      await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 }),
    );
    await person.click(await screen.findByRole('menuitem', { name: 'Memberships' }, { timeout: 5_000 }));
    await expectMemberships();
    // The `paywall` query that opened it leaves the address.
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo'), { timeout: 5_000 });
  }, 30_000);
});
