import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cloneProfile, jsonResponse, membership, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';

function api(overrides: Parameters<typeof mockApi>[0] = {}, staff = false) {
  return mockApi({
    'GET /api/clones/demo': () => jsonResponse(cloneProfile()),
    'GET /api/me': () => jsonResponse({ user: user({ staff }), relationships: [] }),
    'GET /api/clones/demo/usage': () => jsonResponse(usage({ anonymous: false })),
    'POST /api/logout': () => jsonResponse({ ok: true }),
    ...overrides,
  });
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 }),
  );
  return { user, menu: screen.getByRole('menu', { name: 'Account' }) };
}

describe('account menu', () => {
  it('shows a pulsing placeholder while the session loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/clones/demo': () => jsonResponse(cloneProfile()),
      'GET /api/me': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/demo');
    expect(await screen.findByRole('status', { name: 'Loading account' })).toBeTruthy();
    answer(jsonResponse({ user: null, relationships: [] }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading account' })).toBeNull();
  });

  it('lists the e-mail, Profile, Subscriptions, Actions, Memberships, Feedback and Sign out; keys move and Escape closes', async () => {
    api();
    renderApp('/demo');
    const { user, menu } = await openMenu();
    expect(within(menu).getByText('ada@example.com')).toBeTruthy();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profile',
      'Subscriptions',
      'Actions',
      // On a clone page: that clone's memberships (issue 9 §15).
      'Memberships',
      'Feedback',
      'Sign out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Subscriptions' }).getAttribute('href')).toBe(
      '/billing',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Actions' }).getAttribute('href')).toBe('/actions');
    expect(within(menu).getAllByRole('separator')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[5]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account: ada@example.com' }));
  });

  it('opens the Subscriptions page, which says payments are not configured', async () => {
    api({
      'GET /api/subscriptions': () => jsonResponse({ subscriptions: [] }),
      'GET /api/payments/config': () => jsonResponse({ enabled: false, publishableKey: null }),
    });
    const { location } = renderApp('/demo');
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Subscriptions' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/billing'));
    expect(await screen.findByRole('heading', { name: 'Subscriptions' }, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('Payments are not configured yet')).toBeTruthy();
  });

  it('lists the real subscriptions on the Subscriptions page, with their state', async () => {
    api({
      'GET /api/subscriptions': () =>
        jsonResponse({
          subscriptions: [
            {
              id: 'sub-1',
              clone: { slug: 'demo', name: 'Ada Demo', imageUrl: null },
              instance: null,
              membershipId: 'tier-1',
              membership: membership({ id: 'tier-1', name: 'Supporter', basePrice: 8, annualPrice: 80 }),
              basis: 'yearly',
              status: 'active',
              entitled: true,
              willCancelAtPeriodEnd: true,
              currentPeriodEnd: '2027-03-03T12:00:00.000Z',
              provider: 'stripe',
            },
          ],
        }),
      'GET /api/payments/config': () => jsonResponse({ enabled: true, publishableKey: 'pk_test_abcdefgh' }),
    });
    renderApp('/billing');
    const list = await screen.findByRole('list', { name: 'Your subscriptions' }, { timeout: 5_000 });
    expect(within(list).getByText('Supporter · Ada Demo')).toBeTruthy();
    expect(within(list).getByText('$80 per year')).toBeTruthy();
    expect(within(list).getByText('Ends March 3, 2027')).toBeTruthy();
    expect(
      within(list).getByRole('link', { name: 'Manage Supporter of Ada Demo' }).getAttribute('href'),
    ).toBe('/memberships/demo');
    expect(screen.getByRole('button', { name: 'open the billing portal' })).toBeTruthy();
  });

  it('signs out with the spec toasts, and says so when it fails', async () => {
    let fail = true;
    let signedIn = true;
    api({
      'GET /api/me': () => jsonResponse({ user: signedIn ? user() : null, relationships: [] }),
      'POST /api/logout': () => {
        if (fail) return jsonResponse({ error: 'down' }, 500);
        signedIn = false;
        return jsonResponse({ ok: true });
      },
    });
    renderApp('/demo');
    let opened = await openMenu();
    await opened.user.click(within(opened.menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('Failed to log out')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account: ada@example.com' })).toBeTruthy();

    fail = false;
    opened = await openMenu();
    await opened.user.click(within(opened.menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('You are logged out!')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends feedback: counter, submit disabled until valid, honest failure when the route is missing', async () => {
    let route = false;
    const { calls } = api({
      'POST /api/feedback': () =>
        route ? jsonResponse({ ok: true }) : jsonResponse({ error: 'Not found' }, 404),
    });
    renderApp('/demo');
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Feedback' }, { timeout: 5_000 });
    const send = within(dialog).getByRole('button', { name: 'Send feedback' }) as HTMLButtonElement;
    const content = within(dialog).getByRole('textbox', { name: 'Feedback' }) as HTMLTextAreaElement;
    expect(content.rows).toBe(5);
    expect(within(dialog).getByText('0/1000')).toBeTruthy();
    expect(send.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Lovely');
    expect(send.disabled).toBe(true);
    await user.type(content, 'The answers are great.');
    expect(within(dialog).getByText('22/1000')).toBeTruthy();
    expect(send.disabled).toBe(false);
    await user.click(send);
    expect(await screen.findByText('Failed to send feedback')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'User Feedback' })).toBeTruthy();

    route = true;
    await user.click(send);
    expect(await screen.findByText('Feedback sent')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'User Feedback' })).toBeNull());
    expect(calls.filter((c) => c.key === 'POST /api/feedback').at(-1)?.body).toEqual({
      subject: 'Lovely',
      content: 'The answers are great.',
      metadata: { pathname: '/demo' },
    });
  });

  it('refuses feedback over 1000 characters', async () => {
    api();
    renderApp('/demo');
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Feedback' }, { timeout: 5_000 });
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Long');
    const content = within(dialog).getByRole('textbox', { name: 'Feedback' });
    await user.click(content);
    await user.paste('x'.repeat(1001));
    expect(within(dialog).getByText('1001/1000')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Feedback must be at most 1000 characters');
    expect(
      (within(dialog).getByRole('button', { name: 'Send feedback' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows the staff toolbar to staff only', async () => {
    api({}, true);
    renderApp('/demo');
    expect(await screen.findByRole('region', { name: 'Staff tools' }, { timeout: 5_000 })).toBeTruthy();
  });
});
