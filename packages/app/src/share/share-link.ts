/**
 * @module The share link of a conversation and the places it can be shared to (spec/chat.md §2
 * share side panel), and copying it: the clipboard, or a prompt showing the link when the
 * browser refuses clipboard access (spec/chat.md §8).
 */
import { sharedCallUrl, sharedConversationUrl } from '../routes';

/** What is shared: a conversation (the talk page's view) or a call (the call's share page). */
export type ShareKind = 'conversation' | 'call';

/** The absolute address of the shared view. */
export function shareLink(
  slug: string,
  instanceSlug: string | null,
  shareId: string,
  kind: ShareKind = 'conversation',
): string {
  const path = (kind === 'call' ? sharedCallUrl : sharedConversationUrl)(slug, instanceSlug, shareId);
  return new URL(path, window.location.origin).toString();
}

export interface ShareTarget {
  name: 'LinkedIn' | 'X' | 'WhatsApp' | 'Email';
  label: string;
  href: string;
}

/** Share on LinkedIn, X, WhatsApp, or by e-mail: each opens in a new tab with the link filled in. */
export function shareTargets(link: string, title: string): ShareTarget[] {
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(title);
  return [
    {
      name: 'LinkedIn',
      label: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    },
    { name: 'X', label: 'Share on X', href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
    {
      name: 'WhatsApp',
      label: 'Share on WhatsApp',
      href: `https://wa.me/?text=${encodeURIComponent(`${title} ${link}`)}`,
    },
    { name: 'Email', label: 'Via Email', href: `mailto:?subject=${text}&body=${url}` },
  ];
}

/**
 * Copies `link`: true when it is on the clipboard. When the clipboard is refused, a prompt shows
 * the link to copy by hand, and the answer is false.
 */
export async function copyLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    return true;
  } catch {
    window.prompt('Copy the share link:', link);
    return false;
  }
}
