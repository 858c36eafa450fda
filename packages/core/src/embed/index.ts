/** @module core/embed — embed whitelabel and link rewriting. */
export {
  type EmbedChrome,
  type EmbedWhitelabelInput,
  embedWhitelabel,
  type WhitelabelSettings,
} from './embed-whitelabel';
export { type EmbedLink, type EmbedLinkOptions, rewriteEmbedLink } from './rewrite-embed-link';
