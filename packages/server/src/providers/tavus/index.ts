/** @module Tavus over Daily, the production video provider. */
export { callbackUrl, isCallbackToken, TAVUS_WEBHOOK_PATH } from './callback-token';
export { TavusError, tavusApi } from './tavus-api';
export { TavusCallback } from './tavus-callback';
export { type TavusConfig, tavusProvider, tavusVideo } from './tavus-provider';
