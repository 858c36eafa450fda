/**
 * @module Entry of the embed iframe (`embed.html`, served for /embed/:slug[/:instance]): its own
 * storage-backed identity, the bridge to the host page, then the embedded chat. Built on its own
 * (vite.config.ts, mode embed) so its first load stays small.
 */
import { createRoot } from 'react-dom/client';
import '../styles/tokens.css';
import '../styles/base.css';
import '../components/components.css';
import '../components/composer.css';
import '../talk/talk.css';
import './embed.css';
import { createEmbedBridge } from './bridge';
import { EmbedApp } from './embed-app';
import { readEmbedLocation } from './embed-location';
import { createEmbedServices } from './embed-services';
import { createEmbedStorage } from './embed-storage';

const where = readEmbedLocation(window.location.pathname, window.location.search);
const storage = createEmbedStorage();
const services = createEmbedServices(storage);
const bridge = createEmbedBridge({
  window,
  parentOrigin: where?.parent ?? null,
  ResizeObserver: typeof ResizeObserver === 'undefined' ? undefined : ResizeObserver,
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    where ? (
      <EmbedApp
        location={where}
        bridge={bridge}
        storage={storage}
        mainOrigin={window.location.origin}
        services={services}
      />
    ) : (
      <main className="embed-state">
        <h1>Chat not available</h1>
        <p>This address does not name a clone.</p>
      </main>
    ),
  );
}
