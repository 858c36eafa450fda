/**
 * @module The paywall's tier selection (spec/calls.md §2, §4): a monthly/yearly toggle, the
 * clone's membership cards, the checkout, and the 'Logged in as {email}' link that signs out.
 * Loaded lazily.
 */
import type { Features, MeteredResource, RelationshipType } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Avatar } from '../components/avatar';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { useServices } from '../services';
import { LoggedInAs } from './logged-in-as';
import { MembershipPanel, useMembershipFlow } from './membership-panel';
import { usedUpWords } from './used-up-words';
import './paywall.css';

export interface PaywallDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clone: { slug: string; instanceSlug: string | null; name: string; imageUrl: string | null };
  email: string;
  relationshipType: RelationshipType | null;
  /** 'limit' when a message was refused; 'request' when asked for (the `paywall` query). */
  reason: 'limit' | 'request';
  /** What ran out when `reason` is 'limit': the copy says messages, call minutes or video call minutes. */
  resource?: MeteredResource;
  paymentsEnabled?: boolean;
  /** What the deployment offers (the clone's features): the copy promises nothing else. */
  features: Pick<Features, 'voiceCall' | 'videoCall' | 'sms' | 'telegram'>;
  /** A subscription changed: the page's usage is read again (the quota follows at once). */
  onMembershipChanged?: () => void;
}

export default function PaywallDialog({
  open,
  onOpenChange,
  clone,
  email,
  relationshipType,
  reason,
  resource = 'messages',
  paymentsEnabled = false,
  features,
  onMembershipChanged,
}: PaywallDialogProps) {
  useSignals();
  const { api } = useServices();
  const flow = useMembershipFlow(api, clone.slug, clone.instanceSlug, onMembershipChanged);
  const checkout = flow.step.value.name === 'checkout';

  // Each opening starts at the tiers, freshly loaded.
  useEffect(() => {
    if (!open) return;
    flow.back();
    void flow.reload();
  }, [open, flow]);

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="dialog-content paywall-dialog"
      // The dialog itself takes focus, so its title is read first and no button looks pressed.
      initialFocus="dialog"
    >
      <div className="dialog-head paywall-top">
        <Avatar name={clone.name} imageUrl={clone.imageUrl} size={40} />
        <DialogCloseButton />
      </div>
      <DialogTitle className="paywall-title">
        {checkout
          ? 'Checkout'
          : reason === 'limit'
            ? `Keep talking with ${clone.name}`
            : `Memberships for ${clone.name}`}
      </DialogTitle>
      <DialogDescription className="dialog-description">
        {checkout
          ? `Pay for your membership of ${clone.name}.`
          : reason === 'limit'
            ? `You've used all the ${usedUpWords(resource)} included in your plan this month. A membership gives you more.`
            : `Choose a membership for more ${features.voiceCall || features.videoCall ? 'messages and calls' : 'messages'} each month.`}
      </DialogDescription>
      <MembershipPanel
        flow={flow}
        cloneName={clone.name}
        relationshipType={relationshipType}
        paymentsEnabled={paymentsEnabled}
        features={features}
      />
      <LoggedInAs email={email} onClose={() => onOpenChange(false)} />
    </DialogShell>
  );
}
