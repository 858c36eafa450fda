import { NO_FEATURES, type SharedConversation } from '@doppel/protocol';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cloneProfile, jsonResponse, message } from '../test/fixtures';
import { mockApi, renderApp } from '../test/render-app';

const shared = (medium: SharedConversation['medium']): SharedConversation => ({
  shareId: 'share-1',
  title: 'How do I sharpen a chisel?',
  cloneSlug: 'demo',
  instanceSlug: null,
  medium,
  createdAt: '2026-03-15T12:00:00.000Z',
  updatedAt: '2026-03-15T12:01:00.000Z',
  messages: [
    message({ id: 'm1', sender: 'USER', text: 'How do I sharpen a chisel?' }),
    message({ id: 'm2', sender: 'CLONE', text: 'Coarse stone first, then a fine one.' }),
  ],
});

function api(medium: SharedConversation['medium']) {
  mockApi({
    'GET /api/clones/demo': () =>
      jsonResponse(cloneProfile({ features: { ...NO_FEATURES, voiceCall: true } })),
    'GET /api/me': () => jsonResponse({ user: null, relationships: [] }),
    'GET /api/shares/share-1': () => jsonResponse(shared(medium)),
  });
}

describe('the shared call page (spec/calls.md §2: voice-call conversations)', () => {
  it('shows a shared voice call', async () => {
    api('BROWSER_VOICE');
    renderApp('/demo/call/shared/share-1');
    expect(await screen.findByText('Your call with Ada Demo')).toBeTruthy();
    expect(screen.getByText('Coarse stone first, then a fine one.')).toBeTruthy();
  });

  it("a chat's share id is no call: the not-found page", async () => {
    api('WEB');
    renderApp('/demo/call/shared/share-1');
    expect(await screen.findByText('Call is no longer shared')).toBeTruthy();
    expect(screen.queryByText('Coarse stone first, then a fine one.')).toBeNull();
  });
});
