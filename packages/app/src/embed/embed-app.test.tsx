import { EMBED_TOKEN_STORAGE_KEY } from '@doppel/protocol';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  cloneProfile,
  conversation,
  jsonResponse,
  message,
  sseLine,
  sseResponse,
  usage,
  user,
} from '../test/fixtures';
import { HOST_ORIGIN, MAIN_ORIGIN, mockEmbedApi, renderEmbed } from '../test/render-embed';
import { EMBED_VISITOR_STORAGE_KEY } from './embed-storage';

const config = (whitelabel: Partial<{ logo: boolean; googleButton: boolean; accountMenuItems: boolean }>) =>
  jsonResponse({
    id: 'cfg-1',
    cloneSlug: 'demo',
    instanceSlug: null,
    allowedOrigins: [HOST_ORIGIN],
    whitelabel: { logo: true, googleButton: true, accountMenuItems: true, ...whitelabel },
    mode: { mode: 'bubble', autoHeight: false },
    colours: { accent: '#5b3cc4', launcher: null },
    callLimitSeconds: null,
  });

const answer = (text = 'Patience, mostly.') =>
  sseResponse([
    sseLine({ type: 'token', token: text }),
    sseLine({ type: 'message', message: message({ text, conversationId: 'conv-1' }) }),
  ]);

function chatApi(overrides: Parameters<typeof mockEmbedApi>[0] = {}) {
  return mockEmbedApi({
    'GET /api/clones/demo': () => jsonResponse(cloneProfile()),
    'GET /api/clones/demo/usage': () => jsonResponse(usage()),
    'POST /api/conversations': () => jsonResponse(conversation({ id: 'conv-1', medium: 'EMBED' }), 201),
    'POST /api/clone/talk/messages/stream': () => answer(),
    'GET /api/embed/auth': () => jsonResponse({ user: user(), token: 'tok-1' }),
    ...overrides,
  });
}

async function prompt() {
  return (await screen.findByRole(
    'textbox',
    { name: 'Message Ada Demo' },
    { timeout: 5_000 },
  )) as HTMLTextAreaElement;
}

describe('embed chat', () => {
  it('shows the clone in a compact header, the powered-by mark, no site logo, and closes in bubble mode', async () => {
    chatApi();
    const { host } = renderEmbed({ welcome: { mode: 'bubble', open: true } });
    await prompt();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Ada Demo')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /explore clones/ })).toBeNull();
    const powered = screen.getByRole('link', { name: 'Powered by Doppel' });
    expect(powered.getAttribute('href')).toBe(`${MAIN_ORIGIN}/explore`);
    expect(powered.getAttribute('target')).toBe('_blank');
    await waitFor(() =>
      expect(host.events()).toContainEqual({ type: 'ready', payload: { name: 'Ada Demo' } }),
    );

    await userEvent.setup().click(within(header).getByRole('button', { name: 'Close chat' }));
    expect(host.events().at(-1)).toEqual({ type: 'request-close', payload: undefined });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(host.events().filter((e) => e.type === 'request-close')).toHaveLength(2);
    for (const target of host.targets()) expect(target).toBe(HOST_ORIGIN);
  });

  it('an inline or full-page chat never takes focus by itself; a popup opened by the host does', async () => {
    for (const mode of ['inline', 'fullpage'] as const) {
      chatApi();
      const view = renderEmbed({ welcome: { mode } });
      const input = await prompt();
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(document.activeElement).not.toBe(input);
      expect(document.activeElement).toBe(document.body);
      view.unmount();
    }
    // A closed popup leaves focus where it is; opened (like a dialog), its prompt takes it.
    chatApi();
    const { host } = renderEmbed({ welcome: { mode: 'bubble', open: false } });
    const input = await prompt();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement).not.toBe(input);
    act(() => host.deliver('open'));
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('has no close button inline, and hides the mark when the clone turns its logo off', async () => {
    chatApi({
      'GET /api/clones/demo': () =>
        jsonResponse(cloneProfile({ options: { ...cloneProfile().options, doppelLogo: false } })),
    });
    renderEmbed({ welcome: { mode: 'inline' } });
    await prompt();
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Powered by Doppel' })).toBeNull();
  });

  it('sends with medium EMBED, keeps the conversation for next time and tells the host', async () => {
    const { calls } = chatApi();
    const { host, storage } = renderEmbed({ welcome: { mode: 'inline' } });
    const user = userEvent.setup();
    await user.type(await prompt(), 'What matters most?{Enter}');
    expect(await screen.findByText('Patience, mostly.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/conversations')?.body).toEqual({
      slug: 'demo',
      instanceSlug: null,
      medium: 'EMBED',
    });
    expect(storage.conversationId('demo', null)).toBe('conv-1');
    await waitFor(() =>
      expect(host.events().map((e) => e.type)).toEqual(
        expect.arrayContaining(['conversation-started', 'message-sent', 'message-received']),
      ),
    );
    const told = host
      .events()
      .filter((e) => e.type.startsWith('message') || e.type.startsWith('conversation'));
    expect(told).toEqual([
      { type: 'conversation-started', payload: { conversationId: 'conv-1' } },
      { type: 'message-sent', payload: { conversationId: 'conv-1' } },
      { type: 'message-received', payload: { conversationId: 'conv-1' } },
    ]);
  });

  it('continues the kept conversation when the widget is opened again', async () => {
    localStorage.setItem('doppel:embed-conversation:demo/', 'conv-9');
    chatApi({
      'GET /api/conversations/conv-9': () =>
        jsonResponse({
          ...conversation({ id: 'conv-9', medium: 'EMBED' }),
          messages: [
            message({ id: 'u1', sender: 'USER', text: 'Earlier question', conversationId: 'conv-9' }),
            message({ id: 'c1', text: 'Earlier answer', conversationId: 'conv-9' }),
          ],
        }),
    });
    renderEmbed({ welcome: { mode: 'inline' } });
    expect(await screen.findByText('Earlier question', {}, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('Earlier answer')).toBeTruthy();
  });

  it('starts over when the kept conversation is gone', async () => {
    localStorage.setItem('doppel:embed-conversation:demo/', 'conv-gone');
    chatApi();
    const { storage } = renderEmbed({ welcome: { mode: 'inline' } });
    await waitFor(() => expect(storage.conversationId('demo', null)).toBeNull(), { timeout: 5_000 });
    expect(await screen.findByText('Try asking')).toBeTruthy();
  });

  it('carries the visitor id and bearer token as headers, and keeps a fresh visitor id', async () => {
    const { calls } = chatApi({
      'GET /api/clones/demo': () =>
        new Response(JSON.stringify(cloneProfile()), {
          headers: { 'Content-Type': 'application/json', 'X-Doppel-Visitor': 'visitor-fresh' },
        }),
    });
    const { storage } = renderEmbed({ welcome: { mode: 'inline' } });
    await prompt();
    expect(storage.visitorId()).toBe('visitor-fresh');
    expect(localStorage.getItem(EMBED_VISITOR_STORAGE_KEY)).toBe('visitor-fresh');
    const user = userEvent.setup();
    await user.type(await prompt(), 'Hello{Enter}');
    await screen.findByText('Patience, mostly.', {}, { timeout: 5_000 });
    const stream = calls.find((c) => c.key === 'POST /api/clone/talk/messages/stream');
    expect(stream?.headers['X-Doppel-Visitor']).toBe('visitor-fresh');
    expect(stream?.headers.Authorization).toBeUndefined();
    // Signed out: no session request at all.
    expect(calls.some((c) => c.key === 'GET /api/embed/auth')).toBe(false);
    expect(calls.some((c) => c.key === 'GET /api/me')).toBe(false);
  });

  it('reads the session with the kept bearer token, and forgets a revoked one', async () => {
    localStorage.setItem(EMBED_TOKEN_STORAGE_KEY, 'tok-1');
    const { calls } = chatApi();
    renderEmbed({ welcome: { mode: 'inline' } });
    expect(
      await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 }),
    ).toBeTruthy();
    const auth = calls.find((c) => c.key === 'GET /api/embed/auth');
    expect(auth?.headers.Authorization).toBe('Bearer tok-1');
    expect(calls.some((c) => c.key === 'GET /api/me')).toBe(false);
  });

  it('treats a revoked token as signed out', async () => {
    localStorage.setItem(EMBED_TOKEN_STORAGE_KEY, 'tok-old');
    chatApi({ 'GET /api/embed/auth': () => jsonResponse({ error: 'You need to be logged in first.' }, 401) });
    const { storage } = renderEmbed({ welcome: { mode: 'inline' } });
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5_000 })).toBeTruthy();
    expect(storage.token()).toBeNull();
  });

  it('opens the account pages on the main site in a new tab, representing the user', async () => {
    localStorage.setItem(EMBED_TOKEN_STORAGE_KEY, 'tok-1');
    chatApi();
    renderEmbed({ welcome: { mode: 'bubble', open: true } });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 }),
    );
    const menu = await screen.findByRole('menu', { name: 'Account' }, { timeout: 5_000 });
    const links = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.tagName === 'A')
      .map((item) => [item.textContent, item.getAttribute('href'), item.getAttribute('target')]);
    expect(links).toEqual([
      ['Profile', `${MAIN_ORIGIN}/profile?representing=ada%40example.com`, '_blank'],
      ['Subscriptions', `${MAIN_ORIGIN}/billing?representing=ada%40example.com`, '_blank'],
      ['Actions', `${MAIN_ORIGIN}/actions?representing=ada%40example.com`, '_blank'],
    ]);
  });

  it('signs out by clearing the embed storage only', async () => {
    localStorage.setItem(EMBED_TOKEN_STORAGE_KEY, 'tok-1');
    localStorage.setItem(EMBED_VISITOR_STORAGE_KEY, 'visitor-1');
    localStorage.setItem('doppel:embed-conversation:demo/', 'conv-9');
    const { calls } = chatApi({
      'GET /api/conversations/conv-9': () =>
        jsonResponse({ ...conversation({ id: 'conv-9' }), messages: [] }),
    });
    renderEmbed({ welcome: { mode: 'bubble', open: true } });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }, { timeout: 5_000 }));
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5_000 })).toBeTruthy();
    expect(localStorage.getItem(EMBED_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('doppel:embed-conversation:demo/')).toBeNull();
    expect(localStorage.getItem(EMBED_VISITOR_STORAGE_KEY)).toBe('visitor-1');
    expect(calls.some((c) => c.key === 'POST /api/logout')).toBe(false);
  });

  it('whitelabel: no logo, no account links, no sign-in button and no paywall for visitors', async () => {
    localStorage.setItem(EMBED_TOKEN_STORAGE_KEY, 'tok-1');
    const { calls } = chatApi({
      'GET /api/embed/configs/cfg-1': () => config({ logo: false, accountMenuItems: false }),
    });
    renderEmbed({ path: '/embed/demo?config=cfg-1', welcome: { mode: 'bubble', open: true } });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 }),
    );
    const menu = await screen.findByRole('menu', { name: 'Account' }, { timeout: 5_000 });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Feedback', 'Sign out']);
    expect(screen.queryByRole('link', { name: 'Powered by Doppel' })).toBeNull();
    expect(calls.find((c) => c.key === 'GET /api/embed/configs/cfg-1')).toBeTruthy();
    expect(document.documentElement.style.getPropertyValue('--accent')).toBe('#5b3cc4');
  });

  it('whitelabel: a visitor gets no sign-in button, and at the limit no paywall dialog', async () => {
    chatApi({
      'GET /api/embed/configs/cfg-1': () =>
        config({ logo: false, googleButton: false, accountMenuItems: false }),
      'GET /api/clones/demo': () =>
        jsonResponse(
          cloneProfile({
            monetization: {
              anonymous_quota: { messages: 3, voice_minutes: 0, video_minutes: 0 },
              has_upsell_options: false,
              learn_more_url: null,
            },
          }),
        ),
      'GET /api/clones/demo/usage': () =>
        jsonResponse(
          usage({
            usage: { messages: 3, voice_seconds: 0, video_seconds: 0 },
            quota: { messages: 3, voice_seconds: 0, video_seconds: 0 },
          }),
        ),
    });
    renderEmbed({ path: '/embed/demo?config=cfg-1', welcome: { mode: 'inline' } });
    await prompt();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading account' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the sign-in dialog has no Google button and its legal links open on the main site', async () => {
    chatApi();
    const { host } = renderEmbed({ welcome: { mode: 'bubble', open: true } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe(
      `${MAIN_ORIGIN}/terms-of-use`,
    );
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      `${MAIN_ORIGIN}/privacy-policy`,
    );
    // Escape closes the dialog, not the widget.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.events().some((e) => e.type === 'request-close')).toBe(false);
  });

  it('stores the bearer token of a sign-in from the dialog and claims the conversation', async () => {
    const { calls } = chatApi({
      'POST /api/auth/email/send': () => jsonResponse({ ok: true }),
      'POST /api/auth/email/verify': () => jsonResponse({ token: 'tok-new', user: user() }),
      'POST /api/conversations/conv-1/claim': () =>
        jsonResponse({ conversation: conversation({ id: 'conv-1' }), claimed: true }),
    });
    const { storage } = renderEmbed({ welcome: { mode: 'inline' } });
    const person = userEvent.setup();
    await person.type(await prompt(), 'Hi{Enter}');
    await screen.findByText('Patience, mostly.', {}, { timeout: 5_000 });
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    await person.type(within(dialog).getByLabelText('E-mail'), 'ada@example.com{Enter}');
    await person.type(await within(dialog).findByLabelText('Code'), '123456');
    expect(
      await screen.findByRole('button', { name: 'Account: ada@example.com' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(storage.token()).toBe('tok-new');
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'POST /api/conversations/conv-1/claim')).toBe(true),
    );
    const auth = calls.find((c) => c.key === 'GET /api/embed/auth');
    expect(auth?.headers.Authorization).toBe('Bearer tok-new');
    // A whole sign-in after a first answer (which now loads the capture flow too): on a loaded
    // machine this passes 5 s of typing and dialogs.
  }, 20_000);

  it('tells the host text-exhausted (with the config id) when the server refuses with 402', async () => {
    chatApi({
      'GET /api/embed/configs/cfg-1': () => config({}),
      'GET /api/clones/demo': () =>
        jsonResponse(cloneProfile({ options: { ...cloneProfile().options, requireEmail: false } })),
      'POST /api/clone/talk/messages/stream': () =>
        jsonResponse({ error: 'Monthly message limit reached.' }, 402),
    });
    const { host } = renderEmbed({
      path: '/embed/demo?config=cfg-1',
      welcome: { mode: 'inline', config: 'cfg-1' },
    });
    const user = userEvent.setup();
    const input = await prompt();
    await user.type(input, 'One more?{Enter}');
    await waitFor(() =>
      expect(host.events()).toContainEqual({ type: 'text-exhausted', payload: { configId: 'cfg-1' } }),
    );
    // The draft comes back, and the visitor is told why.
    await waitFor(() => expect(input.value).toBe('One more?'));
    expect(await screen.findByText('Unable to send message')).toBeTruthy();
  });

  it('tells the host text-exhausted once when an anonymous visitor has no messages left', async () => {
    chatApi({
      'GET /api/clones/demo/usage': () =>
        jsonResponse(usage({ usage: { messages: 10, voice_seconds: 0, video_seconds: 0 } })),
    });
    const { host } = renderEmbed({ welcome: { mode: 'inline' } });
    await prompt();
    await waitFor(() => expect(host.events()).toContainEqual({ type: 'text-exhausted', payload: {} }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(host.events().filter((e) => e.type === 'text-exhausted')).toHaveLength(1);
  });

  it('sends the host prefill once the chat is shown', async () => {
    const { calls } = chatApi();
    const { host } = renderEmbed({ welcome: { mode: 'bubble', open: false, prefill: 'What about glue?' } });
    await prompt();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.some((c) => c.key === 'POST /api/clone/talk/messages/stream')).toBe(false);
    act(() => host.deliver('open'));
    expect(await screen.findByText('What about glue?', {}, { timeout: 5_000 })).toBeTruthy();
    await screen.findByText('Patience, mostly.');
    const sent = calls.filter((c) => c.key === 'POST /api/clone/talk/messages/stream');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ message: { text: 'What about glue?', slug: 'demo' } });
  });

  it('takes text from the first paint, keeps it, and sends what was sent while the clone loaded', async () => {
    let arrive: () => void = () => undefined;
    const { calls } = chatApi({
      'GET /api/clones/demo': () =>
        new Promise<Response>((resolve) => {
          arrive = () => resolve(jsonResponse(cloneProfile()));
        }),
    });
    renderEmbed({ welcome: { mode: 'bubble', open: true } });
    const user = userEvent.setup();
    const early = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await user.type(early, 'Quick question{Enter}');
    expect(calls.some((c) => c.key === 'POST /api/clone/talk/messages/stream')).toBe(false);
    await user.type(early, 'half typed');
    await act(async () => arrive());
    const input = await prompt();
    expect(input.value).toBe('half typed');
    expect(await screen.findByText('Quick question', {}, { timeout: 5_000 })).toBeTruthy();
    await screen.findByText('Patience, mostly.');
    const sent = calls.filter((c) => c.key === 'POST /api/clone/talk/messages/stream');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ message: { text: 'Quick question' } });
  });

  it('says so when the clone does not exist', async () => {
    chatApi({ 'GET /api/clones/nobody': () => jsonResponse({ error: 'Clone not found' }, 404) });
    renderEmbed({ path: '/embed/nobody', welcome: { mode: 'bubble', open: true } });
    expect(
      await screen.findByRole('heading', { name: 'Chat not available' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close chat' })).toBeTruthy();
  });
});
