/**
 * @module The upsell dialog (spec/calls.md §2 "Tier selection dialog (upsell)"): the paywall of an
 * embed, where buying happens on the billing host. Avatar, title, subtitle, three benefit lines
 * (features, access to the clone, advice) and the main button: 'Get Access' opens the clone's
 * membership page on the billing host with the embed's stored token; 'Learn More' opens the
 * creator's own page when the clone names one (`monetization.learn_more_url`). Below it,
 * 'Logged in as {email}' signs out. Loaded lazily.
 */
import type { Features, MeteredResource } from '@doppel/protocol';
import { Avatar } from '../components/avatar';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { CheckIcon, ExternalIcon } from '../components/icons';
import { LoggedInAs } from './logged-in-as';
import { usedUpWords } from './used-up-words';
import './paywall.css';

export interface UpsellDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clone: { name: string; imageUrl: string | null };
  email: string;
  reason: 'limit' | 'request';
  resource?: MeteredResource;
  features: Pick<Features, 'voiceCall' | 'videoCall' | 'sms' | 'telegram' | 'payments'>;
  /** The membership page on the billing host (with the embed's token), for 'Get Access'. */
  accessUrl: string;
  /** The creator's own memberships page, for 'Learn More'; null: 'Get Access'. */
  learnMoreUrl: string | null;
}

/** The three benefit lines: the features, access to the clone, advice (spec/calls.md §2). */
export function upsellBenefits(name: string, features: UpsellDialogProps['features']): string[] {
  const media = [
    'more messages',
    features.voiceCall ? 'voice calls' : null,
    features.videoCall ? 'video calls' : null,
    features.sms || features.telegram ? 'text messages' : null,
  ].filter((item): item is string => item !== null);
  const list = media.length > 1 ? `${media.slice(0, -1).join(', ')} and ${media.at(-1)}` : media[0];
  const first = list ?? 'more messages';
  return [
    `${first.charAt(0).toUpperCase()}${first.slice(1)} every month`,
    `Priority access to ${name}, whenever you need it`,
    `Personal advice from ${name}, grounded in everything they have shared`,
  ];
}

export default function UpsellDialog({
  open,
  onOpenChange,
  clone,
  email,
  reason,
  resource = 'messages',
  features,
  accessUrl,
  learnMoreUrl,
}: UpsellDialogProps) {
  const href = learnMoreUrl ?? accessUrl;
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="dialog-content upsell-dialog"
      initialFocus="dialog"
    >
      <div className="dialog-head upsell-top">
        <DialogCloseButton />
      </div>
      <div className="upsell-avatar">
        <Avatar name={clone.name} imageUrl={clone.imageUrl} size={72} />
      </div>
      <DialogTitle className="upsell-title">
        {reason === 'limit' ? `Keep talking with ${clone.name}` : `Get more of ${clone.name}`}
      </DialogTitle>
      <DialogDescription className="upsell-subtitle">
        {reason === 'limit'
          ? `You've used all the ${usedUpWords(resource)} included this month. Become a member to go on.`
          : `Become a member for more time with ${clone.name} each month.`}
      </DialogDescription>
      <ul className="upsell-benefits">
        {upsellBenefits(clone.name, features).map((benefit) => (
          <li key={benefit}>
            <span className="upsell-check" aria-hidden="true">
              <CheckIcon />
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <a className="btn btn-primary upsell-main" href={href} target="_blank" rel="noopener">
        {learnMoreUrl ? 'Learn More' : 'Get Access'}
        <ExternalIcon />
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {!learnMoreUrl && !features.payments && (
        <p className="upsell-note">
          Payments are not configured on this site yet: the memberships are listed there.
        </p>
      )}
      <LoggedInAs email={email} onClose={() => onOpenChange(false)} />
    </DialogShell>
  );
}
