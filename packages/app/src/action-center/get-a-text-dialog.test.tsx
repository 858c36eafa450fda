import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cloneProfile, jsonResponse, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';

/** spec/calls.md §5, §8: the Get a Text form's country guess and its failure message. */
function api(country: string | null, greet: () => Response) {
  const profile = cloneProfile();
  return mockApi({
    'GET /api/clones/demo': () =>
      jsonResponse({
        ...profile,
        features: { ...profile.features, sms: true, whatsapp: false, telegram: false },
      }),
    'GET /api/me': () => jsonResponse({ user: user(), relationships: [] }),
    'GET /api/clones/demo/usage': () => jsonResponse(usage({ anonymous: false })),
    'GET /api/geo/country': () => jsonResponse({ country }),
    'POST /api/channels/greet': greet,
  });
}

describe('the Get a Text panel', () => {
  it('says the guessed country is not supported and waits for a choice', async () => {
    const { calls } = api('KP', () =>
      jsonResponse({ medium: 'SMS', sent: true, whatsappNumber: null, telegramLink: null }),
    );
    renderApp('/demo/talk?actions=text');
    const panel = await screen.findByRole('dialog', { name: 'Get a Text' });
    // One channel: the form at once.
    expect(await within(panel).findByText('Country is not supported')).toBeTruthy();
    const confirm = within(panel).getByRole('button', { name: 'Confirm' });
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Phone number' }), '07700 900123');
    await userEvent.click(within(panel).getByRole('checkbox'));
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Country' }), 'GB');
    expect(within(panel).queryByText('Country is not supported')).toBeNull();
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Get a Text' })).toBeNull());
    expect(calls.find((c) => c.key === 'POST /api/channels/greet')?.body).toEqual({
      medium: 'SMS',
      slug: 'demo',
      phoneNumber: '+447700900123',
      consent: true,
    });
    expect(await screen.findByText('Message Sent')).toBeTruthy();
  });

  it("shows 'Failed to send message' and the server's reason, keeping what was typed", async () => {
    api('US', () => jsonResponse({ error: 'Failed to send message' }, 502));
    renderApp('/demo/talk?actions=text');
    const panel = await screen.findByRole('dialog', { name: 'Get a Text' });
    await waitFor(() =>
      expect((within(panel).getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe(
        'US',
      ),
    );
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Phone number' }), '555 010 2030');
    await userEvent.click(within(panel).getByRole('checkbox'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(await within(panel).findByRole('alert')).toHaveProperty('textContent', 'Failed to send message');
    expect((within(panel).getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe(
      '555 010 2030',
    );
  });
});
