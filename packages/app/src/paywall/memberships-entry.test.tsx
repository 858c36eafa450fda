import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, it } from 'vitest';
import { expectMemberships, membershipsApi } from '../test/memberships';
import { renderApp } from '../test/render-app';

describe('memberships', () => {
  it('open from the messages-left counter', async () => {
    membershipsApi();
    renderApp('/demo/talk');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /2 messages left/ }, { timeout: 5_000 }));
    await expectMemberships();
  }, 30_000);
});
