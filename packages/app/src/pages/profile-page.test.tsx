import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { warningDismissedKey } from '../components/warning-banner';
import { cloneProfile, jsonResponse } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';

const questions = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `q${i}`, question: `Question ${i}?` }));

async function heading(name = 'Ada Demo') {
  return screen.findByRole('heading', { level: 1, name: new RegExp(name) }, { timeout: 5_000 });
}

describe('profile page', () => {
  it('shows the summary and the Message button, without Call and Video when not allowed', async () => {
    mockApi({ 'GET /api/clones/demo': () => jsonResponse(cloneProfile()) });
    renderApp('/demo');
    await heading();
    expect(screen.getByText('Builder of calm software')).toBeTruthy();
    // The badge has its own name, outside the heading: the heading reads as the name alone.
    expect(screen.getByRole('img', { name: 'Verified creator' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Demo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('/demo/talk');
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Video' })).toBeNull();
  });

  it('shows Call and Video when this deployment offers them for the clone', async () => {
    const clone = cloneProfile();
    clone.options = { ...clone.options, allowVoice: true, allowVideo: true };
    clone.features = { ...clone.features, voiceCall: true, videoCall: true };
    mockApi({ 'GET /api/clones/demo': () => jsonResponse(clone) });
    renderApp('/demo');
    await heading();
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('/demo/call');
    expect(screen.getByRole('link', { name: 'Video' }).getAttribute('href')).toBe('/demo/video');
  });

  it('hides Call and Video the clone allows while the deployment cannot offer them (no dead ends)', async () => {
    const clone = cloneProfile();
    clone.options = { ...clone.options, allowVoice: true, allowVideo: true };
    mockApi({ 'GET /api/clones/demo': () => jsonResponse(clone) });
    renderApp('/demo');
    await heading();
    expect(screen.queryByRole('link', { name: 'Call' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Video' })).toBeNull();
  });

  it('shows three suggested questions and shuffles only when more than three exist', async () => {
    mockApi({
      'GET /api/clones/demo': () => jsonResponse(cloneProfile({ suggestedQuestions: questions(3) })),
    });
    renderApp('/demo');
    await heading();
    const list = screen.getByRole('region', { name: 'Suggested questions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Shuffle suggested questions' })).toBeNull();
  });

  it('shuffles to other questions when there are more than three', async () => {
    mockApi({
      'GET /api/clones/demo': () => jsonResponse(cloneProfile({ suggestedQuestions: questions(6) })),
    });
    renderApp('/demo');
    await heading();
    const list = screen.getByRole('region', { name: 'Suggested questions' });
    const shown = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    const before = shown();
    expect(before).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Shuffle suggested questions' }));
    const after = shown();
    expect(after).toHaveLength(3);
    expect(after.some((q) => !before.includes(q))).toBe(true);
  });

  it('sends a suggested question to the talk page as the starting message', async () => {
    mockApi({ 'GET /api/clones/demo': () => jsonResponse(cloneProfile()) });
    const { location } = renderApp('/demo');
    await heading();
    await userEvent.click(screen.getByRole('button', { name: /What are you working on\?/ }));
    expect(location.history.at(-1)).toBe('/demo/talk?message=What+are+you+working+on%3F');
  });

  it('sends the prompt to the talk page', async () => {
    mockApi({ 'GET /api/clones/demo': () => jsonResponse(cloneProfile()) });
    const { location } = renderApp('/demo');
    await heading();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message Ada Demo' }), 'Hi Ada{Enter}');
    expect(location.history.at(-1)).toBe('/demo/talk?message=Hi+Ada');
  });

  it('remembers a dismissed warning per clone slug', async () => {
    const clone = cloneProfile({
      options: { ...cloneProfile().options, customWarning: 'Not financial advice.' },
    });
    mockApi({ 'GET /api/clones/demo': () => jsonResponse(clone) });
    const first = renderApp('/demo');
    await heading();
    expect(screen.getByText('Not financial advice.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByText('Not financial advice.')).toBeNull();
    expect(localStorage.getItem(warningDismissedKey('demo'))).toBe('1');
    first.unmount();

    renderApp('/demo');
    await heading();
    expect(screen.queryByText('Not financial advice.')).toBeNull();
    localStorage.removeItem(warningDismissedKey('demo'));
    localStorage.setItem(warningDismissedKey('other'), '1');
  });

  it('shows the warning of a clone whose banner was not dismissed', async () => {
    localStorage.setItem(warningDismissedKey('someone-else'), '1');
    mockApi({ 'GET /api/clones/demo': () => jsonResponse(cloneProfile()) });
    renderApp('/demo');
    await heading();
    expect(screen.getByRole('region', { name: 'Notice' }).textContent).toContain('AI clone of Ada Demo');
  });

  it('opens the socials dialog with https:// added to a bare website', async () => {
    mockApi({ 'GET /api/clones/demo': () => jsonResponse(cloneProfile()) });
    renderApp('/demo');
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'View socials' }));
    const dialog = await screen.findByRole('dialog', { name: 'View Socials' });
    expect(
      within(dialog)
        .getByRole('link', { name: /Website/ })
        .getAttribute('href'),
    ).toBe('https://ada.example.com');
    expect(
      within(dialog)
        .getByRole('link', { name: /Follow on X/ })
        .getAttribute('href'),
    ).toBe('https://x.com/ada');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement?.getAttribute('aria-label')).toBe('View socials');
  });

  it('shows the not-found page for an unknown clone', async () => {
    mockApi({ 'GET /api/clones/nobody': () => jsonResponse({ error: 'Clone not found' }, 404) });
    renderApp('/nobody');
    expect(await screen.findByRole('heading', { name: 'Clone not found' }, { timeout: 5_000 })).toBeTruthy();
  });
});
