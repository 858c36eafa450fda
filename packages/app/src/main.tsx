import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { listenForInstallOffer } from './install/install-prompt';
import './styles/tokens.css';
import './styles/base.css';
import './styles/font.css';
import './components/components.css';

// Add to Home Screen: the browser's install offer may come before the visitor asks for it.
listenForInstallOffer();

const root = document.getElementById('root');
if (root) {
  // index.html's header, drawn while the app loaded, gives way to the app in the same task.
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
