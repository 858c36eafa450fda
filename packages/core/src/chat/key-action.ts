/**
 * What the prompt does with a key press:
 * - 'send': prevent the default and send;
 * - 'newline': let the browser insert the newline (Shift+Enter);
 * - 'block': prevent the default and do nothing (Enter while a send is pending);
 * - 'ignore': not ours, leave the browser alone (any other key, or any key while an input
 *   method is composing — that Enter commits the composition).
 */
export type KeyAction = 'send' | 'newline' | 'block' | 'ignore';

/**
 * Maps a prompt key press to its action. Pass `isComposing` as
 * `event.nativeEvent.isComposing || event.keyCode === 229` (Safari reports IME Enter as 229).
 * Why: spec/chat.md §5 — Enter sends, Shift+Enter adds a newline; Enter ignored while a send
 * is pending. Whether the draft may be sent at all is `canSend`.
 */
export function keyAction(press: {
  key: string;
  shiftKey: boolean;
  isComposing: boolean;
  pending: boolean;
}): KeyAction {
  if (press.isComposing || press.key !== 'Enter') return 'ignore';
  if (press.shiftKey) return 'newline';
  return press.pending ? 'block' : 'send';
}
