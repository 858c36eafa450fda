import { useSignals } from '@preact/signals-react/runtime';
import { CloseIcon } from '../components/icons';
import type { EmbedBridge } from './bridge';

/**
 * The chat's own close button, in bubble mode only: asks the host to close the popup
 * (`request-close`). On phones the popup is full screen and this is the way out.
 */
export function CloseButton({ bridge }: { bridge: EmbedBridge }) {
  useSignals();
  if (bridge.state.value.mode !== 'bubble') return null;
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label="Close chat"
      title="Close"
      onClick={() => bridge.send('request-close')}
    >
      <CloseIcon />
    </button>
  );
}
