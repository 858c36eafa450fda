/**
 * @module A React host page: a creator's site built with React, using `@doppel/react`. Built
 * to dist/app.js (`pnpm -r build`), so the examples server serves it as it is.
 */
import { DoppelEmbed, type DoppelEvent, useDoppel } from '@doppel/react';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** Where Doppel runs: ?app=… (tests use other ports), else what the examples server wrote into the page, else the default. */
function appOrigin(): string {
  const fromQuery = new URLSearchParams(location.search).get('app');
  const served = document.querySelector<HTMLMetaElement>('meta[name="doppel-app"]')?.content ?? '';
  return fromQuery || (served && !served.startsWith('%') ? served : 'http://localhost:3000');
}

const origin = appOrigin();
const clone = new URLSearchParams(location.search).get('clone') || 'demo';
/** The demo clone is Juniper Hale, whose site this is; another clone tells its name when ready. */
const name = clone === 'demo' ? 'Juniper Hale' : undefined;

interface Entry {
  at: string;
  source: 'event' | 'message';
  name: string;
  detail: unknown;
}

function App() {
  const [log, setLog] = useState<Entry[]>([]);
  const write = useCallback(
    (source: Entry['source'], name: string, detail: unknown) =>
      setLog((entries) => [...entries, { at: new Date().toLocaleTimeString(), source, name, detail }]),
    [],
  );
  const onEvent = (event: DoppelEvent) => write('event', event.type, event);

  // The limit events also arrive as window messages from the loader, to this page's origin.
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== location.origin) return;
      if (event.data === 'doppel:text-exhausted') write('message', 'doppel:text-exhausted', event.data);
      else if (event.data?.type === 'voice-exhausted') write('message', 'voice-exhausted', event.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [write]);

  return (
    <>
      <header>
        <h1>Hale Bench School (React)</h1>
        <p>
          Juniper Hale's site built with React, on another origin than Doppel. The bubble is{' '}
          <code>&lt;DoppelEmbed /&gt;</code>; the button uses <code>useDoppel()</code>; the chat below is
          inline.
        </p>
        <OpenButton />
      </header>
      <main>
        <DoppelEmbed clone={clone} name={name} origin={origin} id="bubble" onEvent={onEvent} />
        <h2>Ask Juniper</h2>
        <DoppelEmbed
          clone={clone}
          name={name}
          origin={origin}
          id="inline"
          mode="inline"
          autoHeight
          className="inline-chat"
          onEvent={onEvent}
        />
        <h2>What the page heard</h2>
        <ol id="log" aria-live="polite">
          {log.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows; an entry never moves.
            <li key={i} data-event={entry.name}>
              {entry.at} {entry.source} {entry.name} {JSON.stringify(entry.detail)}
            </li>
          ))}
        </ol>
      </main>
    </>
  );
}

/** Page-wide controls: opens every bubble on the page (here, the one above). */
function OpenButton() {
  const all = useDoppel();
  return (
    <button type="button" onClick={() => all.open()}>
      Ask Juniper a question
    </button>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
