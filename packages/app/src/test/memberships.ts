/** @module The memberships tests' API and what their dialog must show (issue 9 §15). */
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { cloneProfile, jsonResponse, membership, usage, user } from './fixtures';
import { mockApi } from './render-app';

/** issue 9 §15: the memberships are reachable, promise only what is offered, and mark the plan the user has. */
export function membershipsApi() {
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

export async function expectMemberships() {
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
