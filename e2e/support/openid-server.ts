/**
 * @module The local OpenID provider that stands in for Google in the browser tests (issue 10
 * §10): the server tests' provider (client credentials and redirect URI checked, signed ID tokens,
 * PKCE), on OPENID_PORT, always signing in GOOGLE_PERSON. Run by playwright.config.ts.
 */
import { startLocalOpenId } from '../../packages/server/test/support/local-openid';
import { GOOGLE_PERSON, OPENID_PORT } from './ports';

const provider = await startLocalOpenId(OPENID_PORT);
provider.person = { email: GOOGLE_PERSON, email_verified: true, name: 'Google Person' };
console.log(`[e2e] local OpenID provider at ${provider.issuer}`);
const stop = () => void provider.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
