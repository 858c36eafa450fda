/** @module The app's entry for tooling; the browser starts at `main.tsx`. */
export { App } from './app';
export { type AppRoute, conversationUrl, parseRoute, profileUrl, talkUrl } from './routes';
