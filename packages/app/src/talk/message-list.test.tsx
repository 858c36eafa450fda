import { useSignals } from '@preact/signals-react/runtime';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ChatStore, createChatStore, createTextStreamTransport } from '../chat';
import { controlledStream, conversation, message, sseLine } from '../test/fixtures';
import { MessageList } from './message-list';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The list as a view renders it: the messages, the reply and the load state it is given. */
function StoreMessageList({ store }: { store: ChatStore }) {
  useSignals();
  return (
    <MessageList
      messages={store.messages.value}
      reply={store.reply.value}
      loadState={store.loadState.value}
      clone={{ name: 'Ada', imageUrl: null, viewSources: true }}
      onCitation={() => undefined}
      empty={<p>empty</p>}
    />
  );
}

describe('MessageList scrolling', () => {
  it('follows new messages, locks when the reader scrolls up, and offers a scroll-to-bottom button', async () => {
    const stream = controlledStream();
    const store = createChatStore({
      slug: 'demo',
      api: {
        createConversation: async () => conversation(),
        fetchConversation: async () => ({
          ...conversation(),
          messages: [message({ id: 'u1', sender: 'USER', text: 'Q1' }), message({ id: 'c1', text: 'A1' })],
        }),
      },
      transport: createTextStreamTransport(async () => stream.response),
    });
    await store.load('conv-1');
    const { container } = render(<StoreMessageList store={store} />);
    const scroller = container.querySelector('.chat-scroller') as HTMLDivElement;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1_000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
    const scrollTo = vi.spyOn(scroller, 'scrollTo');
    const scrollAt = (top: number) => {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
    };
    scrollAt(600);
    expect(screen.queryByRole('button', { name: 'Scroll to the newest message' })).toBeNull();

    let sending!: Promise<unknown>;
    act(() => {
      sending = store.send('Q2');
    });
    // spec/chat.md §9: scroll 100 ms after the new message, not at once.
    expect(scrollTo).not.toHaveBeenCalled();
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());

    scrollAt(100);
    expect(screen.getByRole('button', { name: 'Scroll to the newest message' })).toBeTruthy();
    scrollTo.mockClear();
    await act(async () => {
      stream.push(sseLine({ type: 'message', message: message({ id: 'c2', text: 'A2' }) }));
      stream.end();
      await sending;
      await sleep(150);
    });
    expect(screen.getByText('A2')).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Scroll to the newest message' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 1_000, behavior: 'smooth' });
    expect(screen.queryByRole('button', { name: 'Scroll to the newest message' })).toBeNull();
  });
});
