import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectMemberships, membershipsApi } from '../test/memberships';
import { renderApp } from '../test/render-app';

describe('memberships', () => {
  it('open from the account menu on a clone page', async () => {
    membershipsApi();
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
