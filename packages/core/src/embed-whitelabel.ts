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
  /** Whitelabeled: the configuration hides any piece of the product (no paywall for visitors then). */
  whitelabeled: boolean;
  showLogo: boolean;
  showGoogle: boolean;
  /** Profile, Subscriptions and Actions in the account menu. */
  showAccountLinks: boolean;
}

/**
 * The embedded chat's product pieces. Without a configuration everything shows (the logo unless
 * the clone turned it off, Google where it is available). A configuration that hides any piece
 * is whitelabeled: the logo goes when either it or the clone says so, the Google button and the
 * account links go unless the configuration keeps them.
 * Why: spec/calls.md §2 (Profile, Subscriptions, Actions hidden when embedded and whitelabeled;
 * Google hidden when unavailable or whitelabeled) and §6 (logo hidden with {product}Logo false);
 * spec/chat.md §6 (whitelabel mode: no paywall dialog for anonymous visitors).
 */
export function embedWhitelabel(input: EmbedWhitelabelInput): EmbedChrome {
  const settings = input.whitelabel;
  const whitelabeled =
    settings !== null &&
    (settings.logo === false || settings.googleButton === false || settings.accountMenuItems === false);
  return {
    whitelabeled,
    showLogo: input.cloneLogo && settings?.logo !== false,
    showGoogle: input.googleAvailable && (whitelabeled ? settings?.googleButton === true : true),
    showAccountLinks: whitelabeled ? settings?.accountMenuItems === true : true,
  };
}
