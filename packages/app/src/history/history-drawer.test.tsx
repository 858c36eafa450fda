import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloneProfile, conversation, jsonResponse, message, usage, user } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';

// Only the clock is faked: "now" is 10 March 2026, noon local time.
const NOW = new Date(2026, 2, 10, 12, 0, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const at = (y: number, m: number, d: number, h = 9) => new Date(y, m - 1, d, h).toISOString();
const history = () => [
  conversation({ id: 'c1', title: 'Morning chat', updatedAt: at(2026, 3, 10, 11) }),
  conversation({ id: 'c2', title: 'Focus', updatedAt: at(2026, 3, 10, 8) }),
  conversation({ id: 'c3', title: 'On patience', updatedAt: at(2026, 3, 9, 20) }),
  conversation({ id: 'c4', title: 'Early March', updatedAt: at(2026, 3, 2) }),
  conversation({ id: 'c5', title: 'Last winter', updatedAt: at(2025, 12, 24) }),
];

function api(options: { signedIn?: boolean; list?: ReturnType<typeof history> } = {}, extra = {}) {
  let list = options.list ?? history();
  let archived: ReturnType<typeof history> = [];
  const withMessages = (id: string) => {
    const found = list.find((c) => c.id === id);
    return found
      ? jsonResponse({ ...found, messages: [message({ conversationId: id, text: `Hello from ${id}` })] })
      : jsonResponse({ error: 'Conversation not found' }, 404);
  };
  return mockApi({
    'GET /api/clones/demo': () => jsonResponse(cloneProfile()),
    'GET /api/me': () =>
      jsonResponse({ user: options.signedIn === false ? null : user(), relationships: [] }),
    'GET /api/clones/demo/usage': () => jsonResponse(usage({ anonymous: false })),
    'GET /api/clones/demo/conversations': ({ url }) =>
      jsonResponse(url.searchParams.get('archived') === 'true' ? archived : list),
    'GET /api/conversations/c1': () => withMessages('c1'),
    'GET /api/conversations/c2': () => withMessages('c2'),
    'GET /api/conversations/c5': () => withMessages('c5'),
    'PATCH /api/conversations/c2': ({ body }) => {
      const update = body as { hidden?: boolean };
      const all = [...list, ...archived].map((c) => (c.id === 'c2' ? { ...c, ...update } : c));
      list = all.filter((c) => !c.hidden);
      archived = all.filter((c) => c.hidden);
      return jsonResponse({ ...history()[1], ...update });
    },
    'PATCH /api/conversations/c1': ({ body }) => {
      const update = body as { title?: string; hidden?: boolean };
      const all = [...list, ...archived].map((c) => (c.id === 'c1' ? { ...c, ...update } : c));
      list = all.filter((c) => !c.hidden);
      archived = all.filter((c) => c.hidden);
      return jsonResponse({ ...history()[0], ...update });
    },
    'POST /api/conversations': () => jsonResponse(conversation({ id: 'c9', title: 'Conversation' }), 201),
    'GET /api/conversations/c9': () => jsonResponse({ ...conversation({ id: 'c9' }), messages: [] }),
    ...extra,
  });
}

async function openDrawer() {
  const user = userEvent.setup();
  await screen.findByText('Hello from c1', {}, { timeout: 5_000 });
  await user.click(await screen.findByRole('button', { name: 'Conversation history' }));
  const drawer = await screen.findByRole('dialog', { name: 'History' }, { timeout: 5_000 });
  await within(drawer).findByText('Morning chat');
  return { user, drawer };
}

describe('history drawer', () => {
  it('groups conversations by Today, Yesterday, month-day and full date, and marks the current one', async () => {
    api();
    renderApp('/demo/talk/conversation/c1');
    const { drawer } = await openDrawer();
    const groups = within(drawer)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual(['Today', 'Yesterday', 'March 2', 'December 24, 2025']);
    const today = within(drawer).getByRole('region', { name: 'Today' });
    expect(
      within(today)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Morning chatCurrent', 'Focus']);
    const current = within(today).getByRole('link', { current: 'page' });
    expect(current.getAttribute('href')).toBe('/demo/talk/conversation/c1');
    expect(within(current).getByText('Current')).toBeTruthy();
  });

  it('opens a conversation from the list', async () => {
    api();
    const { location } = renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('link', { name: 'Last winter' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo/talk/conversation/c5'));
    expect(await screen.findByText('Hello from c5')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renames inline: 1–100 characters, PATCH, toast, and the header follows', async () => {
    const { calls } = api();
    renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Rename Morning chat' }));
    const field = within(drawer).getByRole('textbox', { name: 'Conversation title' });
    await user.clear(field);
    await user.keyboard('{Enter}');
    expect(within(drawer).getByRole('alert').textContent).toBe('Title must not be empty');
    await user.type(field, 'x'.repeat(101));
    await user.keyboard('{Enter}');
    expect(within(drawer).getByRole('alert').textContent).toBe('Title must be at most 100 characters');
    await user.clear(field);
    await user.type(field, '  Breakfast thoughts {Enter}');
    expect(await screen.findByText('Conversation title updated')).toBeTruthy();
    expect(calls.find((c) => c.key === 'PATCH /api/conversations/c1')?.body).toEqual({
      title: 'Breakfast thoughts',
    });
    expect(within(drawer).getByRole('link', { name: /Breakfast thoughts/ })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: /Conversation title: Breakfast thoughts/, hidden: true }),
    ).toBeTruthy();
  });

  it('says so when a rename fails', async () => {
    api({}, { 'PATCH /api/conversations/c2': () => jsonResponse({ error: 'boom' }, 500) });
    renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Rename Focus' }));
    await user.type(within(drawer).getByRole('textbox', { name: 'Conversation title' }), ' again{Enter}');
    expect(await screen.findByText('Failed to rename conversation')).toBeTruthy();
  });

  it('archiving the open conversation moves to the most recently updated other one', async () => {
    const { calls } = api();
    const { location } = renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Archive Morning chat' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo/talk/conversation/c2'));
    expect(calls.find((c) => c.key === 'PATCH /api/conversations/c1')?.body).toEqual({ hidden: true });
    expect(within(drawer).queryByText('Morning chat')).toBeNull();
    expect(await screen.findByText('Hello from c2')).toBeTruthy();
  });

  it('undoes an archive from the drawer, by keyboard, back to where it was', async () => {
    const { calls } = api();
    const { location } = renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Archive Morning chat' }));
    const undo = await within(drawer).findByRole('button', { name: 'Undo' });
    expect(within(drawer).getByRole('status').textContent).toContain('Archived “Morning chat”');
    // The undo takes focus from the row that went away.
    await waitFor(() => expect(document.activeElement).toBe(undo));
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo/talk/conversation/c2'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo/talk/conversation/c1'));
    expect(calls.filter((c) => c.key === 'PATCH /api/conversations/c1').map((c) => c.body)).toEqual([
      { hidden: true },
      { hidden: false },
    ]);
    expect(await within(drawer).findByRole('link', { name: /Morning chat/ })).toBeTruthy();
  });

  it('finds archived conversations and restores them', async () => {
    api();
    renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Archive Focus' }));
    expect(within(drawer).queryByRole('link', { name: 'Focus' })).toBeNull();
    const toggle = within(drawer).getByRole('button', { name: 'Archived' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    const section = within(drawer).getByRole('region', { name: 'Archived' });
    await user.click(await within(section).findByRole('button', { name: 'Restore Focus' }));
    expect(await within(drawer).findByRole('link', { name: 'Focus' })).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Restore Focus' })).toBeNull());
  });

  it('archiving the only conversation goes to the talk page; a failure says so', async () => {
    let fail = true;
    const only = [conversation({ id: 'c1', title: 'Morning chat', updatedAt: at(2026, 3, 10, 11) })];
    api(
      { list: only },
      {
        'PATCH /api/conversations/c1': () =>
          fail ? jsonResponse({ error: 'boom' }, 500) : jsonResponse({ ...only[0], hidden: true }),
      },
    );
    const { location } = renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Archive Morning chat' }));
    expect(await screen.findByText('Failed to archive conversation')).toBeTruthy();
    fail = false;
    await user.click(within(drawer).getByRole('button', { name: 'Archive Morning chat' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo/talk'));
  });

  it('starts a new conversation with the spec toasts', async () => {
    api();
    const { location } = renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'New conversation' }));
    expect(await screen.findByText('Conversation created!')).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo/talk/conversation/c9'));
  });

  it('says why a new conversation could not be created', async () => {
    api({}, { 'POST /api/conversations': () => jsonResponse({ error: 'Too many conversations' }, 429) });
    renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'New conversation' }));
    expect(await screen.findByText('Failed to create conversation: Too many conversations')).toBeTruthy();
  });

  it('says why a switch failed', async () => {
    api({}, { 'GET /api/conversations/c2': () => jsonResponse({ error: 'Database unavailable' }, 503) });
    renderApp('/demo/talk/conversation/c1');
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('link', { name: 'Focus' }));
    expect(await screen.findByText('Failed to switch to conversation: Database unavailable')).toBeTruthy();
  });

  it('opens after resting the pointer on the button for 300 ms', async () => {
    api();
    renderApp('/demo/talk/conversation/c1');
    await screen.findByText('Hello from c1', {}, { timeout: 5_000 });
    const button = await screen.findByRole('button', { name: 'Conversation history' });
    // Load the drawer's code first, so that only the timer decides.
    await import('./history-drawer');
    vi.useFakeTimers();
    fireEvent.mouseEnter(button);
    act(() => vi.advanceTimersByTime(299));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseLeave(button);
    act(() => vi.advanceTimersByTime(1_000));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseEnter(button);
    act(() => vi.advanceTimersByTime(300));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'History' }, { timeout: 5_000 })).toBeTruthy();
  });

  it('is not offered to visitors', async () => {
    api({ signedIn: false });
    renderApp('/demo/talk');
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Conversation history' })).toBeNull();
  });
});
