/**
 * @module The call screen inside an embed (spec/calls.md §2, §4; issue 11): the embed's `/call`
 * page (a link from the embedded chat, or the loader's `page: 'call'`). The full site's call
 * screen with the embed's header and links; an embed configuration's call limit stops the call
 * at it without the voice paywall, and the host page is told `voice-exhausted` with the
 * configuration id.
 */
import type { CloneProfile, EmbedConfig } from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import { CallScreen } from '../call/call-page';
import type { EmbedCallLimit } from '../call/use-call-limits';
import { Avatar } from '../components/avatar';
import { ArrowLeftIcon } from '../components/icons';
import type { UpsellTarget } from '../paywall/use-paywall';
import type { EmbedBridge } from './bridge';
import { CloseButton } from './close-button';

export interface EmbedCallProps {
  clone: CloneProfile;
  config: EmbedConfig | null;
  bridge: EmbedBridge;
  /** The embed's chat page, for the back arrow and Chat. */
  chatHref: string;
  /** The paywall's upsell: the membership page on the main site, with the embed's token. */
  upsell: UpsellTarget;
}

export default function EmbedCall({ clone, config, bridge, chatHref, upsell }: EmbedCallProps) {
  useSignals();
  const name = clone.instance?.name ?? clone.name;
  const imageUrl = clone.instance?.imageUrl ?? clone.imageUrl;
  const configId = config?.id ?? bridge.state.value.config;
  // The call screen is usable: the host's `ready`, as the chat sends it.
  useEffect(() => {
    bridge.send('ready', { name });
  }, [bridge, name]);
  const limit = useMemo<EmbedCallLimit | null>(() => {
    const seconds = config?.callLimitSeconds ?? null;
    if (seconds === null || !config) return null;
    return { seconds, onVoiceExhausted: () => bridge.send('voice-exhausted', { configId: config.id }) };
  }, [config, bridge]);
  const header = (
    <header className="embed-header">
      <div className="embed-clone">
        <a href={chatHref} className="icon-btn" aria-label={`Back to the chat with ${name}`}>
          <ArrowLeftIcon />
        </a>
        <Avatar name={name} imageUrl={imageUrl} size={32} />
        <span className="embed-clone-name">{name}</span>
      </div>
      <div className="embed-actions">
        <CloseButton bridge={bridge} />
      </div>
    </header>
  );
  return (
    <CallScreen
      clone={clone}
      instanceSlug={clone.instance?.slug ?? null}
      embedded={{ header, chatHref, configId, limit, upsell }}
    />
  );
}
