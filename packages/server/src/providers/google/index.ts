/** @module The Google sign-in provider. */
export {
  type GoogleConfig,
  type GoogleFlow,
  type GooglePerson,
  type GoogleSignIn,
  googleProvider,
  openIdSignIn,
} from './google-provider';
