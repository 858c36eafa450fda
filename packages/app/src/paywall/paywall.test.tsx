import { NO_FEATURES, OWN_CLONE_SUBSCRIBE_TOOLTIP, PAYWALLED_STORAGE_KEY } from '@doppel/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  cloneProfile,
  conversation,
  jsonResponse,
  membership,
  message,
  sseLine,
  sseResponse,
  usage,
  user,
} from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';
import { FREE_MESSAGES_USED } from './create-paywall';

const counts = (used: number, quota: number) => ({
  usage: { messages: used, voice_seconds: 0, video_seconds: 0 },
  quota: { messages: quota, voice_seconds: 0, video_seconds: 0 },
});
const anonymousAt = (used: number) => usage(counts(used, 10));
const signedInAt = (used: number, quota = 50) => usage({ ...counts(used, quota), anonymous: false });

const memberships = () =>
  jsonResponse({
    memberships: [
      membership(),
      membership({
        id: 'tier-2',
        name: 'Inner circle',
        basePrice: 25,
        annualPrice: null,
        customDescription: null,
        includedMessagesPerMonth: 100_000,
        smsEnabled: true,
      }),
    ],
    active_subscription: null,
  });

function api(options: { signedIn: boolean; usage: () => ReturnType<typeof usage> }, extra = {}) {
  return mockApi({
    'GET /api/clones/demo': () => jsonResponse(cloneProfile()),
    'GET /api/me': () => jsonResponse({ user: options.signedIn ? user() : null, relationships: [] }),
    'GET /api/clones/demo/usage': () => jsonResponse(options.usage()),
    'GET /api/clones/demo/memberships': memberships,
    'POST /api/conversations': () => jsonResponse(conversation(), 201),
    'POST /api/logout': () => jsonResponse({ ok: true }),
    ...extra,
  });
}

async function prompt() {
  return (await screen.findByRole(
    'textbox',
    { name: 'Message Ada Demo' },
    { timeout: 5_000 },
  )) as HTMLTextAreaElement;
}

const hiddenPrompt = () =>
  screen.getByRole('textbox', { name: 'Message Ada Demo', hidden: true }) as HTMLTextAreaElement;

const streamCalls = (calls: { key: string }[]) =>
  calls.filter((c) => c.key === 'POST /api/clone/talk/messages/stream');

describe('paywall', () => {
  it('a 402 for a visitor opens sign-in with the free-messages line, restores the draft, no error toast', async () => {
    api(
      { signedIn: false, usage: () => anonymousAt(9) },
      {
        'POST /api/clone/talk/messages/stream': () =>
          jsonResponse({ error: 'Message quota reached', usage: anonymousAt(10) }, 402),
      },
    );
    renderApp('/demo/talk');
    const input = await prompt();
    expect(await screen.findByText('1 message left')).toBeTruthy();
    await userEvent.setup().type(input, 'One more?{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to keep talking' }, { timeout: 5_000 });
    expect(within(dialog).getByText(FREE_MESSAGES_USED)).toBeTruthy();
    await waitFor(() => expect(input.value).toBe('One more?'));
    expect(screen.queryByText('Failed to process message.')).toBeNull();
    expect(screen.queryByText('Unable to send message')).toBeNull();
    expect(within(screen.getByRole('log')).queryByText('One more?')).toBeNull();
    expect(screen.getByText('0 messages left')).toBeTruthy();
    expect(localStorage.getItem(PAYWALLED_STORAGE_KEY)).toBe('true');
  });

  it('at the anonymous quota a send opens sign-in without calling the server', async () => {
    const { calls } = api({ signedIn: false, usage: () => anonymousAt(10) });
    renderApp('/demo/talk');
    const input = await prompt();
    expect((await screen.findByText('0 messages left')).className).toContain('is-danger');
    await userEvent.setup().type(input, 'Hello?{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Sign in to keep talking' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(input.value).toBe('Hello?');
    expect(streamCalls(calls)).toHaveLength(0);
  });

  it('a 402 for a signed-in user opens the tiers: toggle, prices, benefits, disabled subscribe, sign-out link', async () => {
    api(
      { signedIn: true, usage: () => signedInAt(49) },
      {
        // A deployment that offers voice calls and text messages: the cards may list them.
        'GET /api/clones/demo': () =>
          jsonResponse(cloneProfile({ features: { ...NO_FEATURES, voiceCall: true, sms: true } })),
        'POST /api/clone/talk/messages/stream': () =>
          jsonResponse({ error: 'Message quota reached', usage: signedInAt(50) }, 402),
      },
    );
    renderApp('/demo/talk');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 });
    await user.type(await prompt(), 'More please{Enter}');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Keep talking with Ada Demo' },
      { timeout: 5_000 },
    );
    const card = await within(dialog).findByRole('article', { name: 'Supporter' });
    expect(within(card).getByText('$8 per month')).toBeTruthy();
    expect(within(card).getByText('More time with Ada every month.')).toBeTruthy();
    expect(within(card).getByText('500 messages per month')).toBeTruthy();
    expect(within(card).getByText('30 voice call minutes per month')).toBeTruthy();
    const subscribe = within(card).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
    expect(subscribe.disabled).toBe(true);
    expect(subscribe.title).toBe('Payments are not configured');
    const inner = within(dialog).getByRole('article', { name: 'Inner circle' });
    expect(within(inner).getByText('Unlimited messages per month')).toBeTruthy();
    expect(within(inner).getByText('Text messages (SMS)')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    expect(within(dialog).getByText('$80 per year')).toBeTruthy();
    // No yearly price: the tier is not offered yearly.
    expect(within(dialog).queryByRole('article', { name: 'Inner circle' })).toBeNull();
    expect(localStorage.getItem(PAYWALLED_STORAGE_KEY)).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Logged in as ada@example.com' }));
    expect(await screen.findByText('You are logged out!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes itself when usage is back within limits', async () => {
    let used = 50;
    const { calls } = api({ signedIn: true, usage: () => signedInAt(used) });
    const { services } = renderApp('/demo/talk');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 });
    await screen.findByText('0 messages left');
    await user.type(await prompt(), 'Hi{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Keep talking with Ada Demo' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(streamCalls(calls)).toHaveLength(0);
    used = 10;
    await act(() => services.usageFor('demo', null).refresh());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('?paywall opens the tiers and is removed from the address', async () => {
    api({ signedIn: true, usage: () => signedInAt(3) });
    const { location } = renderApp('/demo/talk?paywall&x=1');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Memberships for Ada Demo' },
      { timeout: 5_000 },
    );
    expect(await within(dialog).findByRole('article', { name: 'Supporter' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/demo/talk?x=1');
    expect(localStorage.getItem(PAYWALLED_STORAGE_KEY)).toBe('true');
  });

  it('does not auto-send the initial message at the quota: it waits in the prompt and sign-in opens', async () => {
    const { calls } = api({ signedIn: false, usage: () => anonymousAt(10) });
    renderApp('/demo/talk?message=What%20next%3F');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to keep talking' }, { timeout: 5_000 });
    expect(within(dialog).getByText(FREE_MESSAGES_USED)).toBeTruthy();
    // The prompt sits behind the modal dialog (hidden from the accessibility tree meanwhile).
    expect(hiddenPrompt().value).toBe('What next?');
    expect(streamCalls(calls)).toHaveLength(0);
    expect(calls.some((c) => c.key === 'POST /api/conversations')).toBe(false);
  });

  it('auto-sends the initial message within the quota and counts it', async () => {
    let used = 3;
    const { calls } = api(
      { signedIn: false, usage: () => anonymousAt(used) },
      {
        'POST /api/clone/talk/messages/stream': () => {
          used += 1;
          return sseResponse([sseLine({ type: 'message', message: message({ text: 'Sure.' }) })]);
        },
      },
    );
    renderApp('/demo/talk?message=Hello');
    expect(await screen.findByText('Sure.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(streamCalls(calls)).toHaveLength(1);
    expect(await screen.findByText('6 messages left')).toBeTruthy();
  });

  it('for a signed-in user at the quota the initial message opens the tiers', async () => {
    const { calls } = api({ signedIn: true, usage: () => signedInAt(50) });
    renderApp('/demo/talk?q=Tell%20me%20more');
    expect(
      await screen.findByRole('dialog', { name: 'Keep talking with Ada Demo' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(hiddenPrompt().value).toBe('Tell me more');
    expect(streamCalls(calls)).toHaveLength(0);
  });

  it('creators see the edit-questions link and cannot subscribe to their own clone', async () => {
    api({
      signedIn: true,
      usage: () => usage({ ...counts(1, 50), anonymous: false, relationship: 'CREATOR' }),
    });
    renderApp('/demo/talk?paywall');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Memberships for Ada Demo' },
      { timeout: 5_000 },
    );
    const card = await within(dialog).findByRole('article', { name: 'Supporter' });
    const button = within(card).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(OWN_CLONE_SUBSCRIBE_TOOLTIP);
    await userEvent.setup().keyboard('{Escape}');
    const edit = await screen.findByRole('link', { name: 'Edit suggested questions' });
    expect(edit.getAttribute('href')).toBe('/studio/demo/build/questions');
    expect(edit.getAttribute('target')).toBe('_blank');
  });

  it('the + button asks a visitor to sign in first', async () => {
    api({ signedIn: false, usage: () => anonymousAt(2) });
    const { location } = renderApp('/demo/talk');
    await prompt();
    await screen.findByRole('button', { name: 'Sign in' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Start new conversation' }));
    // The dialog itself says why (spec/chat.md §6), with no toast repeating it.
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 5_000 });
    expect(within(dialog).getByText('You need to be logged in first.')).toBeTruthy();
    expect(screen.getAllByText('You need to be logged in first.')).toHaveLength(1);
    expect(location.history).toEqual(['/demo/talk']);
  });
});
