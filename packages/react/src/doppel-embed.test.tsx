/**
 * The built package (dist/index.mjs over the built @doppel/embed), as a React site uses it:
 * rendered with Testing Library, in StrictMode, on the server, and unmounted.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoppelEvent } from './index';
import { built } from './test/built';

const { DoppelEmbed, useDoppel } = built;

const APP = 'https://app.doppel.test';
const frames = () => [...document.querySelectorAll('iframe')];

/** Delivers a bridge message to the page as the chat in `frame` would. */
const fromFrame = (frame: HTMLIFrameElement, type: string, payload?: object) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { ns: 'doppel', v: 1, type, id: '', payload },
        origin: APP,
        source: frame.contentWindow,
      }),
    );
  });

/** Test pages. */
function SwitchingPage() {
  const [clone, setClone] = useState('ada');
  const [count, setCount] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setClone('bob')}>
        switch
      </button>
      <button type="button" onClick={() => setCount(count + 1)}>
        rerender {count}
      </button>
      <DoppelEmbed clone={clone} origin={APP} mode="inline" onEvent={() => count} />
    </>
  );
}

function Help() {
  const chat = useDoppel({ clone: 'ada', origin: APP });
  return (
    <button type="button" onClick={chat.toggle}>
      {chat.isOpen ? 'hide help' : 'show help'}
    </button>
  );
}

function PageWideControls({ onEvent }: { onEvent: (e: DoppelEvent) => void }) {
  const all = useDoppel(null, onEvent);
  return (
    <>
      <DoppelEmbed clone="ada" origin={APP} id="a" />
      <button type="button" onClick={all.open}>
        open all
      </button>
    </>
  );
}

function Prefilled({ text }: { text: string }) {
  useDoppel({ clone: 'ada', origin: APP, mode: 'inline', target: '#box', prefill: text });
  return null;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('<DoppelEmbed /> (built)', () => {
  it('a bubble: the launcher on the page, the chat on click, events to onEvent', async () => {
    const seen: DoppelEvent[] = [];
    render(<DoppelEmbed clone="ada" name="Ada" origin={APP} onEvent={(e) => seen.push(e)} />);
    const launcher = await screen.findByRole('button', { name: 'Open chat with Ada' });
    expect(frames()).toHaveLength(0);
    act(() => launcher.click());
    expect(screen.getByRole('button', { name: 'Close chat' })).toBe(launcher);
    const frame = frames()[0]!;
    expect(frame.src).toBe(`${APP}/embed/ada?parent=${encodeURIComponent(location.origin)}`);
    fromFrame(frame, 'text-exhausted', { configId: 'c1' });
    expect(seen.map((e) => e.type)).toEqual(['open', 'text-exhausted']);
    expect(seen[1]).toMatchObject({ configId: 'c1' });
  });

  it('inline without a target fills the div it renders; autoHeight follows the chat', () => {
    const { container } = render(
      <DoppelEmbed
        clone="ada"
        origin={APP}
        mode="inline"
        autoHeight
        className="chat"
        style={{ width: 300 }}
      />,
    );
    const host = container.querySelector('div.chat')!;
    const frame = host.querySelector('iframe')!;
    expect(frame.src).toContain('/embed/ada?');
    fromFrame(frame, 'resize', { height: 420 });
    expect((host.firstElementChild as HTMLElement).style.height).toBe('420px');
  });

  it('in StrictMode (effects run twice) there is one widget, and unmounting leaves nothing', () => {
    const before = document.body.innerHTML;
    const { unmount } = render(
      <StrictMode>
        <DoppelEmbed clone="ada" origin={APP} mode="inline" />
        <DoppelEmbed clone="bob" origin={APP} />
      </StrictMode>,
    );
    expect(frames()).toHaveLength(1);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    unmount();
    cleanup();
    expect(document.body.innerHTML).toBe(before);
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('a new clone re-creates the widget; a new onEvent does not', () => {
    render(<SwitchingPage />);
    const first = frames()[0]!;
    act(() => screen.getByText(/rerender/).click());
    expect(frames()[0]).toBe(first);
    act(() => screen.getByText('switch').click());
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.src).toContain('/embed/bob?');
  });

  it('renders nothing on the server, without touching window', () => {
    const html = renderToString(
      <>
        <DoppelEmbed clone="ada" origin={APP} />
        <DoppelEmbed clone="ada" origin={APP} mode="inline" className="chat" />
      </>,
    );
    expect(html).toBe('<div class="chat" data-doppel-clone="ada"></div>');
    expect(frames()).toHaveLength(0);
  });
});

/** A site's own button for the chat, with no launcher. */
function OwnButton() {
  const chat = useDoppel({ clone: 'ada', origin: APP, launcher: false });
  return (
    <button type="button" onClick={chat.toggle}>
      {chat.isOpen ? 'close juniper' : 'ask juniper'}
    </button>
  );
}

describe('useDoppel() (built)', () => {
  it('gives open, close, toggle and isOpen for its own widget', () => {
    render(<Help />);
    act(() => screen.getByText('show help').click());
    expect(screen.getByText('hide help')).toBeTruthy();
    expect(frames()[0]!.parentElement!.hidden).toBe(false);
    fromFrame(frames()[0]!, 'request-close');
    expect(screen.getByText('show help')).toBeTruthy();
  });

  it("launcher: false: no round launcher, the site's own button opens and closes the chat", () => {
    render(<OwnButton />);
    expect(document.querySelector('.doppel-launcher')).toBeNull();
    act(() => screen.getByText('ask juniper').click());
    expect(frames()[0]!.parentElement!.hidden).toBe(false);
    act(() => screen.getByText('close juniper').click());
    expect(frames()[0]!.parentElement!.hidden).toBe(true);
    expect(document.querySelector('.doppel-launcher')).toBeNull();
  });

  it('without options, controls every widget on the page and hears their events', () => {
    const seen: string[] = [];
    render(<PageWideControls onEvent={(e) => seen.push(`${e.type}:${e.id}`)} />);
    act(() => screen.getByText('open all').click());
    expect(seen).toEqual(['open:a']);
  });

  it('prefill reaches the chat', () => {
    const box = document.createElement('div');
    box.id = 'box';
    document.body.append(box);
    const { rerender } = render(<Prefilled text="Hi" />);
    const frame = frames()[0]!;
    const sent = vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    fromFrame(frame, 'hello');
    expect(sent.mock.calls[0]![0]).toMatchObject({ type: 'welcome', payload: { prefill: 'Hi' } });
    rerender(<Prefilled text="Tell me more" />);
    expect(sent.mock.calls.at(-1)![0]).toMatchObject({ type: 'prefill', payload: { text: 'Tell me more' } });
    expect(frames()[0]).toBe(frame);
    cleanup();
    box.remove();
  });
});
