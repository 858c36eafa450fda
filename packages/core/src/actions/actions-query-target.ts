import type { ActionsQueryValue } from '@doppel/protocol';

/**
 * What an `actions` value opens (spec/chat.md §2; issue 10 §7). `menu` opens the actions panel
 * itself; every other value opens its own surface, and `authenticate` never opens the panel — only
 * the sign-in dialog, and only for a visitor (a signed-in user has nothing to open). History needs
 * a signed-in user, so a visitor is asked to sign in. A surface this deployment or clone lacks
 * falls back to the panel.
 */
export function actionsQueryTarget(
  value: ActionsQueryValue,
  can: { signedIn: boolean; available: (value: ActionsQueryValue) => boolean },
): ActionsQueryValue | null {
  if (value === 'authenticate') return can.signedIn ? null : 'authenticate';
  if (value === 'history' && !can.signedIn) return 'authenticate';
  if (value === 'menu' || can.available(value)) return value;
  return 'menu';
}
