/** What the prompt's main button shows. */
export type SendButtonState = 'stop' | 'send' | 'error' | 'loading' | 'microphone';

/**
 * The send button's face, first match wins in the spec's order: stop while sending or
 * receiving, send when the draft has content, error on a microphone error, loading while
 * transcribing, microphone otherwise.
 * Why: spec/chat.md §4 (message sending).
 */
export function sendButtonState(state: {
  sending: boolean;
  receiving: boolean;
  draftDirty: boolean;
  micError: boolean;
  transcribing: boolean;
}): SendButtonState {
  if (state.sending || state.receiving) return 'stop';
  if (state.draftDirty) return 'send';
  if (state.micError) return 'error';
  if (state.transcribing) return 'loading';
  return 'microphone';
}
