/**
 * @module The launcher's look, written small by hand (embed.js counts against the 2 KB
 * budget): `doppel-launcher`, the bubble's button, fixed bottom-right. Under 640 px, where
 * the popup takes the whole screen, the open launcher steps aside (it would cover the chat's
 * header): the chat's own close button (`request-close`) closes it there. The iframe's box is
 * styled by `frame-styles.ts`, which ships in embed-frame.js.
 *
 * Styles are adopted stylesheets (CSSOM), never `<style>` elements: a host whose
 * Content-Security-Policy has no 'unsafe-inline' for styles refuses those, and the launcher
 * would fall into the page's flow unstyled (issue 9). Adopted sheets come after the page's own
 * in the cascade, so the launcher's rule is `body>button:where(.doppel-launcher)`: it beats a
 * page's `button {…}` and loses to its `.doppel-launcher {…}` (docs/embedding.md, style hooks).
 */

export const LAUNCHER_CSS =
  `body>button:where(.doppel-launcher){position:fixed;z-index:2147483001;right:20px;bottom:20px;width:56px;height:56px;border:0;border-radius:50%;background:#111;color:#fff;cursor:pointer;box-shadow:0 4px 16px #0004}` +
  '@media(max-width:639.9px){.doppel-launcher[aria-expanded=true]{display:none}}';

/** The launcher's icon (24×24 strokes): a speech bubble, and a cross once open. */
export const icon = (open: boolean) =>
  `<svg viewBox="0 0 24 24" width="28" fill="none" stroke="currentColor" stroke-width="2"><path d="${open ? 'M6 6l12 12M18 6 6 18' : 'M4 5h16v11H9l-5 4z'}"/></svg>`;

/** Adopts a stylesheet of `css` into the page; answers its remover. */
export const addStyle = (css: string) => {
  const d = document;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  d.adoptedStyleSheets = [...d.adoptedStyleSheets, sheet];
  return () => {
    d.adoptedStyleSheets = d.adoptedStyleSheets.filter((s) => s !== sheet);
  };
};
