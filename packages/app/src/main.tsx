import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { captureInstallPrompt } from './home-screen/install-prompt';
import './styles/tokens.css';
import './styles/base.css';
import './styles/font.css';
import './components/components.css';

// issue 10 §12: the browser's install prompt comes once, early; the Add to Home Screen screen uses it.
captureInstallPrompt();

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
