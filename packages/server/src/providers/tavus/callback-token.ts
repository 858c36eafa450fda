/**
 * @module The callback URL of one Tavus conversation. Tavus signs no callback, so the URL given
 * to it when the conversation starts carries a token: an HMAC of the video call's id under the
 * server secret. Only Tavus (and this server) knows it; a callback without it is refused.
 */
import { hmac, safeEqual } from '../../auth/crypto';

export const TAVUS_WEBHOOK_PATH = '/api/webhooks/tavus';

const tokenOf = (secret: string, videoCallId: string) => hmac(secret, `tavus-callback:${videoCallId}`);

/** Where Tavus posts the conversation's callbacks. */
export function callbackUrl(publicUrl: string, secret: string, videoCallId: string): string {
  return `${publicUrl}${TAVUS_WEBHOOK_PATH}/${videoCallId}?token=${tokenOf(secret, videoCallId)}`;
}

/** Whether `token` is the callback token of the video call. */
export function isCallbackToken(secret: string, videoCallId: string, token: string): boolean {
  return safeEqual(token, tokenOf(secret, videoCallId));
}
