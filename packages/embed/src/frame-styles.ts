/**
 * @module The iframe box's look (ships in embed-frame.js, loaded on the first open): `doppel`
 * with `doppel-bubble|inline|fullpage`. The loading text sits under the iframe, so the chat
 * covers it the moment it paints, and goes when the iframe's page has loaded (`aria-busy`), so a
 * refusal page shows alone. The iframe fills the box whatever the box's height comes from.
 * Under 640 px the bubble's popup takes the whole screen, 100vw × 100dvh (DESIGN §5). Adopted
 * as a stylesheet (CSSOM), which a strict Content-Security-Policy allows (styles.ts).
 */

const FIXED = 'position:fixed;z-index:2147483000;';

export const FRAME_CSS =
  '.doppel{position:relative;background:#fff}' +
  '.doppel[aria-busy]:before{content:"Loading…";position:absolute;top:45%;width:100%;text-align:center;font:14px system-ui;color:#6b6b6b}' +
  '.doppel iframe{position:absolute;inset:0;display:block;border:0;width:100%;height:100%}' +
  `.doppel-bubble{${FIXED}right:20px;bottom:88px;width:400px;height:min(640px,100vh - 108px);border-radius:16px;overflow:hidden;box-shadow:0 8px 32px #0003}` +
  '.doppel-inline{height:100%;min-height:480px}' +
  `.doppel-fullpage{${FIXED}inset:0}` +
  '@media(max-width:639.9px){.doppel-bubble{inset:0;width:100vw;height:100dvh;border-radius:0}}';
