/** An embed configuration's whitelabel settings: each says whether that piece of the product shows. */
export interface WhitelabelSettings {
  /** The powered-by product mark. */
  logo?: boolean | undefined;
  /** The Google sign-in button. */
  googleButton?: boolean | undefined;
  /** Profile, Subscriptions and Actions in the account menu. */
  accountMenuItems?: boolean | undefined;
}

export interface EmbedWhitelabelInput {
  /** The embed configuration's whitelabel settings; null without a configuration (or none set). */
  whitelabel: WhitelabelSettings | null;
  /** Clone option {product}Logo (`doppelLogo`, default true). */
  cloneLogo: boolean;
  /** The server offers Google sign-in where this chat runs. */
  googleAvailable: boolean;
}

/** What the embedded chat shows. */
export interface EmbedChrome {
  /** Whitelabeled: the configuration hides Google or the account links (no paywall for visitors then). */
  whitelabeled: boolean;
  showLogo: boolean;
  showGoogle: boolean;
  /** Profile, Subscriptions and Actions in the account menu. */
  showAccountLinks: boolean;
}

/**
 * The embedded chat's product pieces. Each switch of the configuration hides its own piece; the
 * logo also goes when the clone turns it off, Google also where it is not available. Hiding
 * Google or the account links makes the embed whitelabeled (no paywall for visitors then); the
 * logo alone does not, since it follows the clone's own option by default.
 * Why: spec/calls.md §2 (Profile, Subscriptions, Actions hidden when embedded and whitelabeled;
 * Google hidden when unavailable or whitelabeled) and §6 (logo hidden with {product}Logo false);
 * spec/chat.md §6 (whitelabel mode: no paywall dialog for anonymous visitors).
 */
export function embedWhitelabel(input: EmbedWhitelabelInput): EmbedChrome {
  const settings = input.whitelabel;
  return {
    whitelabeled: settings?.googleButton === false || settings?.accountMenuItems === false,
    showLogo: input.cloneLogo && settings?.logo !== false,
    showGoogle: input.googleAvailable && settings?.googleButton !== false,
    showAccountLinks: settings?.accountMenuItems !== false,
  };
}
