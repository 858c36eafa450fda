/**
 * @module Google sign-in (DESIGN §2, spec/chat.md §2): OpenID Connect's authorization code flow
 * with PKCE and a nonce, through `openid-client`. Hidden unless GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET are set; GOOGLE_ISSUER points it at another OpenID provider (the tests
 * run a local one).
 */
import * as oidc from 'openid-client';
import { optional, optionalUrl, setting } from '../../config/setting';
import { provider } from '../provider';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** What one sign-in carries from its start to its callback (kept in a signed cookie). */
export interface GoogleFlow {
  state: string;
  nonce: string;
  verifier: string;
}

/** The person the provider vouches for. */
export interface GooglePerson {
  email: string;
  name: string | null;
}

export interface GoogleSignIn {
  /** A new flow and the provider's address to send the browser to. */
  start(redirectUri: string): Promise<{ flow: GoogleFlow; url: URL }>;
  /**
   * Exchanges the code of `callbackUrl` (state, nonce and PKCE checked by the library) and
   * answers the person, or null when the provider does not vouch for a verified address.
   */
  finish(callbackUrl: URL, flow: GoogleFlow): Promise<GooglePerson | null>;
}

export const googleProvider = provider({
  title: 'Google sign-in',
  concern: 'Google sign-in',
  localDefault: 'hidden: the sign-in dialog offers the e-mail code only',
  real: 'OpenID Connect (Google, or any provider at `GOOGLE_ISSUER`), shown in the sign-in dialog except in whitelabeled embeds',
  settings: {
    GOOGLE_CLIENT_ID: setting(
      optional,
      'unset: no Google button',
      'The OAuth client id of your Google Cloud project.',
    ),
    GOOGLE_CLIENT_SECRET: setting(optional, 'unset', 'Its client secret.'),
    GOOGLE_ISSUER: setting(
      optionalUrl,
      GOOGLE_ISSUER,
      'The OpenID provider (its discovery document is read at start of the first sign-in). Register `$PUBLIC_URL/api/auth/google/callback` as its redirect URI.',
    ),
  },
  read: (e) => ({
    clientId: e.GOOGLE_CLIENT_ID ?? null,
    clientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
    issuer: e.GOOGLE_ISSUER ?? GOOGLE_ISSUER,
  }),
  configured: (config) => config.clientId !== null && config.clientSecret !== null,
  offers: (config) => ({ googleSignIn: config.clientId !== null && config.clientSecret !== null }),
  create: (config): GoogleSignIn | null =>
    config.clientId && config.clientSecret
      ? openIdSignIn(config.issuer, config.clientId, config.clientSecret)
      : null,
});

export type GoogleConfig = ReturnType<typeof googleProvider.read>;

/** One client of `issuer`; its discovery is read once, and again after a failure. */
export function openIdSignIn(issuer: string, clientId: string, clientSecret: string): GoogleSignIn {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = (): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        clientSecret,
        undefined,
        // Plain http only for a provider on this machine (the tests'); Google itself is https.
        new URL(issuer).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
  return {
    async start(redirectUri) {
      const config = await configuration();
      const flow: GoogleFlow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        prompt: 'select_account',
      });
      return { flow, url };
    },
    async finish(callbackUrl, flow) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string' || claims.email_verified !== true) return null;
      return { email: claims.email, name: typeof claims.name === 'string' ? claims.name : null };
    },
  };
}
