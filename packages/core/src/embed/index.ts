/** @module core/embed — embed whitelabel, link rewriting and host-page origins. */
export {
  type EmbedChrome,
  type EmbedWhitelabelInput,
  embedWhitelabel,
  type WhitelabelSettings,
} from './embed-whitelabel';
export { normaliseOrigin } from './normalise-origin';
export { type EmbedLink, type EmbedLinkOptions, rewriteEmbedLink } from './rewrite-embed-link';
