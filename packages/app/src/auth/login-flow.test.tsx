import { INVALID_CODE } from '@doppel/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cloneProfile, conversation, jsonResponse, message, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';

const signedInUsage = () =>
  usage({
    anonymous: false,
    usage: { messages: 2, voice_seconds: 0, video_seconds: 0 },
    quota: { messages: 100, voice_seconds: 0, video_seconds: 0 },
  });

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  let signedIn = false;
  const handlers = mockApi({
    'GET /api/clones/demo': () => jsonResponse(cloneProfile()),
    'GET /api/me': () => jsonResponse({ user: signedIn ? user() : null, relationships: [] }),
    'GET /api/clones/demo/usage': () => jsonResponse(signedIn ? signedInUsage() : usage()),
    'GET /api/conversations/conv-1': () =>
      jsonResponse({
        ...conversation(),
        messages: [message({ id: 'msg-user-1', sender: 'USER', text: 'Hi' }), message()],
      }),
    'POST /api/auth/email/send': () => jsonResponse({ ok: true }),
    'POST /api/auth/email/verify': ({ body }) => {
      const { code } = body as { code: string };
      if (code !== '123456') return jsonResponse({ error: 'That code is not right. Try again.' }, 400);
      signedIn = true;
      return jsonResponse({ token: 'tok', user: user() });
    },
    'POST /api/conversations/conv-1/claim': () =>
      jsonResponse({ conversation: conversation(), claimed: true }),
    ...overrides,
  });
  return handlers;
}

async function openSignIn() {
  const user = userEvent.setup();
  // The talk screen (not its loading skeleton) is up.
  await screen.findByRole('textbox', { name: 'Message Ada Demo' }, { timeout: 5_000 });
  await user.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5_000 }));
  // Asked for from the header, with messages left: a plain "Sign in", not the limit's wording.
  const dialog = await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 5_000 });
  expect(screen.queryByText(/keep talking/)).toBeNull();
  return { user, dialog };
}

describe('sign-in', () => {
  it('validates the e-mail on change, sends the code, verifies, shows the user and claims the conversation', async () => {
    const { calls } = api();
    renderApp('/demo/talk/conversation/conv-1');
    const { user, dialog } = await openSignIn();
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    const submit = within(dialog).getByRole('button', { name: 'Continue with e-mail' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // Terms and privacy open in a new tab.
    expect(within(dialog).getByRole('link', { name: 'Terms of Use' }).getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    // No Google provider is configured: no Google button.
    expect(within(dialog).queryByRole('button', { name: /Google/ })).toBeNull();

    await user.type(email, 'ada');
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid Email');
    await user.clear(email);
    await user.type(email, 'ada+news@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Subaddresses (ada+news@example.com) are not allowed',
    );
    expect(submit.disabled).toBe(true);
    await user.clear(email);
    await user.type(email, '  Ada@Example.com ');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(submit.disabled).toBe(false);
    await user.click(submit);

    expect(await within(dialog).findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/auth/email/send')?.body).toEqual({
      email: 'ada@example.com',
    });
    const code = within(dialog).getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await user.type(code, '12-34{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe(INVALID_CODE);
    await user.clear(code);
    await user.type(code, '123-456');

    // Signed in: the dialog closes, the header shows the account, the conversation is claimed.
    expect(await screen.findByRole('button', { name: 'Account: ada@example.com' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const verify = calls.find((c) => c.key === 'POST /api/auth/email/verify')?.body as {
      email: string;
      code: string;
      timezone: string | null;
    };
    expect(verify).toMatchObject({ email: 'ada@example.com', code: '123456' });
    expect(typeof verify.timezone).toBe('string');
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'POST /api/conversations/conv-1/claim')).toBe(true),
    );
    // The session and the usage are read again for the signed-in user.
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /api/me').length).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /api/clones/demo/usage').length).toBeGreaterThanOrEqual(2),
    );
    expect(await screen.findByText('98 messages left')).toBeTruthy();
  }, 15_000);

  it("shows the spec's text in the dialog, once, when sending fails", async () => {
    api({ 'POST /api/auth/email/send': () => jsonResponse({ error: 'boom' }, 500) });
    renderApp('/demo/talk');
    const { user, dialog } = await openSignIn();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ada@example.com{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to send verification code.'),
    );
    expect(screen.getAllByText('Failed to send verification code.')).toHaveLength(1);
    expect(within(dialog).queryByRole('heading', { name: 'Check your e-mail' })).toBeNull();
  });

  it('shows a banned address under the field; a wrong code shows once and keeps the code step and its focus', async () => {
    let banned = true;
    api({
      'POST /api/auth/email/send': () =>
        banned ? jsonResponse({ error: 'This email address is banned.' }, 400) : jsonResponse({ ok: true }),
    });
    renderApp('/demo/talk');
    const { user, dialog } = await openSignIn();
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'troll@spam.example{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('This email address is banned.'),
    );
    banned = false;
    await user.clear(email);
    await user.type(email, 'ada@example.com{Enter}');
    const code = await within(dialog).findByRole('textbox', { name: 'Code' });
    await user.type(code, '000000');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('That code is not right. Try again.'),
    );
    // One error (no toast besides it), and the field keeps focus for the next try (issue 9 §7).
    expect(screen.getAllByText('That code is not right. Try again.')).toHaveLength(1);
    expect(document.activeElement).toBe(code);
    // Resend and back.
    await user.click(within(dialog).getByRole('button', { name: 'Send code again' }));
    expect(await screen.findByText('Code resent')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
  });

  it('verify failing without a reason says so', async () => {
    api({ 'POST /api/auth/email/verify': () => jsonResponse({ error: 'down' }, 503) });
    renderApp('/demo/talk');
    const { user, dialog } = await openSignIn();
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'ada@example.com{Enter}');
    await user.type(await within(dialog).findByRole('textbox', { name: 'Code' }), '123456');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Unable to verify code. Please try again'),
    );
    expect(screen.getAllByText('Unable to verify code. Please try again')).toHaveLength(1);
  });

  it('hides the sign-in button when the clone does not require e-mail', async () => {
    const clone = cloneProfile();
    clone.options = { ...clone.options, requireEmail: false };
    mockApi({
      'GET /api/clones/demo': () => jsonResponse(clone),
      'GET /api/me': () => jsonResponse({ user: null, relationships: [] }),
      'GET /api/clones/demo/usage': () => jsonResponse(usage()),
    });
    renderApp('/demo/talk');
    await screen.findByRole('textbox', { name: 'Message Ada Demo' }, { timeout: 5_000 });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading account' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByText(/messages left/)).toBeNull();
  });

  describe('with Google', () => {
    /** The app with Google offered; `window.open` answers a stand-in window the test posts from. */
    function withGoogle() {
      let signedIn = false;
      api({
        'GET /api/me': () =>
          jsonResponse({ user: signedIn ? user() : null, relationships: [], googleSignIn: true }),
      });
      const popup = { closed: false } as unknown as Window;
      const opened: string[] = [];
      vi.spyOn(window, 'open').mockImplementation((url) => {
        opened.push(String(url));
        return popup;
      });
      /** The sign-in window's page posting its result (on this origin unless told). */
      const post = (data: unknown, from: { source?: unknown; origin?: string } = {}) =>
        act(() => {
          if ((data as { ok?: boolean }).ok) signedIn = true;
          window.dispatchEvent(
            new MessageEvent('message', {
              data,
              origin: from.origin ?? window.location.origin,
              source: (from.source ?? popup) as MessageEventSource,
            }),
          );
        });
      return { opened, post };
    }
    afterEach(() => vi.restoreAllMocks());

    it('signs in through the Google window and ignores messages from anywhere else', async () => {
      const { opened, post } = withGoogle();
      renderApp('/demo/talk');
      const { user: person, dialog } = await openSignIn();
      await person.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
      expect(opened).toEqual(['/api/auth/google/start']);
      const result = { type: 'doppel:google-sign-in', ok: true, token: 'tok', user: user() };
      // Another origin, another window, another shape: nothing happens.
      post(result, { origin: 'https://evil.example' });
      post(result, { source: window });
      post({ ...result, type: 'other' });
      expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeTruthy();
      post(result);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull());
      expect(await screen.findByText('Signed in as ada@example.com')).toBeTruthy();
    });

    it("says 'Failed to login or sign-up.' when the Google window failed, and keeps the dialog", async () => {
      const { post } = withGoogle();
      renderApp('/demo/talk');
      const { user: person, dialog } = await openSignIn();
      await person.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
      post({ type: 'doppel:google-sign-in', ok: false, error: 'Failed to login or sign-up.' });
      expect(await screen.findByText('Failed to login or sign-up.')).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    });

    it('says so when the browser blocks the Google window', async () => {
      withGoogle();
      vi.spyOn(window, 'open').mockReturnValue(null);
      renderApp('/demo/talk');
      const { user: person, dialog } = await openSignIn();
      await person.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
      expect(await screen.findByText(/blocked the Google window/)).toBeTruthy();
    });
  });
});
