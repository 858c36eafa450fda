/**
 * @module A local OpenID provider for Google sign-in tests (oauth2-mock-server: discovery, JWKS,
 * signed ID tokens, PKCE), made to check what Google checks: the client's id and secret at the
 * token endpoint, and the same redirect URI there as at the authorization endpoint. The test
 * says who signs in next (`person`).
 */
import { OAuth2Server } from 'oauth2-mock-server';

export const CLIENT_ID = 'doppel-test-client';
export const CLIENT_SECRET = 'doppel-test-secret';

export interface LocalOpenId {
  issuer: string;
  /** The claims of the next ID token (email, email_verified, name). */
  person: { email: string; email_verified: boolean; name?: string };
  /** Token requests the provider refused (bad client credentials or redirect URI). */
  refused: string[];
  stop(): Promise<void>;
}

/** Starts the provider on `port` of 127.0.0.1 (0: any free port); its issuer is named `http://localhost:{port}`. */
export async function startLocalOpenId(port = 0): Promise<LocalOpenId> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  const redirects = new Map<string, string>();
  const provider: LocalOpenId = {
    issuer: server.issuer.url ?? '',
    person: { email: 'person@example.com', email_verified: true },
    refused: [],
    stop: () => server.stop(),
  };
  server.service.on('beforeAuthorizeRedirect', (authorize: { url: URL }, req: { url?: string }) => {
    const asked = new URL(req.url ?? '/', provider.issuer).searchParams;
    const code = authorize.url.searchParams.get('code');
    if (code) redirects.set(code, asked.get('redirect_uri') ?? '');
  });
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, provider.person);
  });
  server.service.on(
    'beforeResponse',
    (
      response: { body: unknown; statusCode: number },
      req: { headers: Record<string, string | undefined>; body: Record<string, string> },
    ) => {
      const basic = req.headers.authorization?.replace(/^Basic /, '') ?? '';
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
      const posted = { id: req.body.client_id, secret: req.body.client_secret };
      const clientOk =
        (id === CLIENT_ID && secret === CLIENT_SECRET) ||
        (posted.id === CLIENT_ID && posted.secret === CLIENT_SECRET);
      const redirectOk = redirects.get(req.body.code ?? '') === req.body.redirect_uri;
      if (!clientOk || !redirectOk) {
        provider.refused.push(clientOk ? 'redirect_uri' : 'client');
        response.statusCode = 400;
        response.body = { error: clientOk ? 'invalid_grant' : 'invalid_client' };
      }
    },
  );
  return provider;
}
