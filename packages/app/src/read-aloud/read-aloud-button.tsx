/** @module The read-aloud message action: speaker, spinner while loading, stop while playing. */
import { useSignals } from '@preact/signals-react/runtime';
import { toast } from 'sonner';
import { fetchSpeech } from '../api';
import type { ApiClient } from '../api/api-client';
import { useServices } from '../services';
import { audioElementOutput } from './audio-element-output';
import { createReadAloudPlayer, type ReadAloudPlayer } from './read-aloud-player';
import './read-aloud.css';

const players = new WeakMap<ApiClient, ReadAloudPlayer>();

/** One player per app (per API client): a new message read stops the last one. */
function playerFor(api: ApiClient): ReadAloudPlayer {
  let player = players.get(api);
  if (!player) {
    player = createReadAloudPlayer({
      fetchSpeech: (body, signal) => fetchSpeech(api, body, signal),
      output: audioElementOutput(),
      notify: (message) => toast.error(message),
    });
    players.set(api, player);
  }
  return player;
}

interface ReadAloudButtonProps {
  slug: string;
  messageId: string;
  text: string;
}

export function ReadAloudButton({ slug, messageId, text }: ReadAloudButtonProps) {
  useSignals();
  const { api } = useServices();
  const player = playerFor(api);
  const mine = player.messageId.value === messageId;
  const phase = mine ? player.phase.value : 'idle';
  const label =
    phase === 'playing' ? 'Stop reading aloud' : phase === 'loading' ? 'Loading audio' : 'Read aloud';
  return (
    <button
      type="button"
      className={phase === 'playing' ? 'icon-btn icon-btn-sm is-active' : 'icon-btn icon-btn-sm'}
      aria-label={label}
      title={phase === 'error' ? 'Read aloud failed: try again' : label}
      data-state={phase}
      aria-busy={phase === 'loading'}
      onClick={() => void player.toggle(messageId, { slug, text, messageId })}
    >
      {phase === 'playing' ? <StopSquare /> : phase === 'loading' ? <Spinner /> : <Speaker />}
    </button>
  );
}

const svg = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function Speaker() {
  return (
    <svg {...svg} aria-hidden="true">
      <path d="M11 5 6 9H3v6h3l5 4V5z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
    </svg>
  );
}

function StopSquare() {
  return (
    <svg {...svg} aria-hidden="true">
      <rect x="7" y="7" width="10" height="10" rx="1.5" />
    </svg>
  );
}

function Spinner() {
  return (
    <svg {...svg} aria-hidden="true" className="read-aloud-spinner">
      <path d="M12 3a9 9 0 1 1-9 9" />
    </svg>
  );
}
