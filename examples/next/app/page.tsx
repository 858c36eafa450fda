// A server component: it renders <DoppelEmbed> directly (@doppel/react is a client module, so
// this is where the client boundary starts). Functions such as onEvent cannot cross that
// boundary from a server component: listen in a client component (ask-button.tsx).
import { DoppelEmbed } from '@doppel/react';
import Link from 'next/link';
import { AskButton } from './ask-button';
import { DOPPEL_URL } from './doppel';

export default function Home() {
  return (
    <main>
      <h1>Hale Bench School</h1>
      <p>Juniper Hale&apos;s site, built with Next.js. Her clone answers below, and from the button.</p>
      <AskButton />
      <h2>Ask Juniper</h2>
      <DoppelEmbed
        clone="demo"
        name="Juniper Hale"
        origin={DOPPEL_URL}
        id="inline"
        mode="inline"
        autoHeight
      />
      <p>
        <Link href="/classes">Classes</Link>
      </p>
    </main>
  );
}
