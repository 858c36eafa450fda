/** @module The 'View Socials' dialog (spec/chat.md §2); loaded lazily with Radix Dialog. */
import { normaliseSocialUrl } from '@doppel/core';
import type { Socials } from '@doppel/protocol';
import type { ComponentType } from 'react';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from './dialog-shell';
import { FacebookIcon, GlobeIcon, InstagramIcon, LinkedinIcon, LinkIcon, XIcon, YoutubeIcon } from './icons';

interface SocialItem {
  key: string;
  label: string;
  value: string;
  Icon: ComponentType<{ className?: string }>;
}

/** The clone's social links in the spec's order; empty values are left out. */
export function socialItems(socials: Socials): SocialItem[] {
  const named: [keyof Omit<Socials, 'extras'>, string, SocialItem['Icon']][] = [
    ['instagram', 'Instagram', InstagramIcon],
    ['linkedin', 'LinkedIn', LinkedinIcon],
    ['twitter', 'X (Twitter)', XIcon],
    ['facebook', 'Facebook', FacebookIcon],
    ['youtube', 'YouTube', YoutubeIcon],
  ];
  const items: SocialItem[] = [];
  for (const [key, label, Icon] of named) {
    const value = socials[key]?.trim();
    if (value) items.push({ key, label: `Follow on ${label}`, value, Icon });
  }
  socials.extras.forEach((extra, i) => {
    if (extra.url.trim())
      items.push({ key: `extra-${i}`, label: extra.title || extra.url, value: extra.url, Icon: LinkIcon });
  });
  const website = socials.website?.trim();
  if (website) items.push({ key: 'website', label: 'Website', value: website, Icon: GlobeIcon });
  return items;
}

interface SocialsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cloneName: string;
  socials: Socials;
  /** The button that opened the dialog; focus returns to it on close. */
  returnFocus?: HTMLElement | null;
}

export default function SocialsDialog({
  open,
  onOpenChange,
  cloneName,
  socials,
  returnFocus,
}: SocialsDialogProps) {
  const items = socialItems(socials);
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="dialog-content" returnFocus={returnFocus}>
      <div className="dialog-head">
        <DialogTitle className="dialog-title">View Socials</DialogTitle>
        <DialogCloseButton />
      </div>
      <DialogDescription className="dialog-description">Find {cloneName} around the web.</DialogDescription>
      <ul className="socials-list">
        {items.map(({ key, label, value, Icon }) => {
          const link = normaliseSocialUrl(value);
          if (link && !link.valid) console.warn(`Social link of ${cloneName} is not a valid URL: ${value}`);
          return (
            <li key={key}>
              {link?.valid ? (
                <a className="social-link" href={link.url} target="_blank" rel="noopener noreferrer">
                  <Icon />
                  <span className="social-text">
                    <span className="social-label">{label}</span>
                    <span className="social-url">{link.url.replace(/^https?:\/\//, '')}</span>
                  </span>
                </a>
              ) : (
                <div className="social-link">
                  <Icon />
                  <span className="social-text">
                    <span className="social-label">{label}</span>
                    <span className="social-url">{value}</span>
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </DialogShell>
  );
}
