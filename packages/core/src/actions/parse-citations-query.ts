import { type CitationsQuery, CitationsQueryJson } from '@doppel/protocol';

/**
 * spec/chat.md §2: the `citations` value — JSON `{"messageId", "citation"?, "relevant"?}` or the
 * short form `MESSAGE_ID[:N]`. Null when it names no message; a bad number is ignored.
 */
export function parseCitationsQuery(value: string | null): CitationsQuery | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let candidate: unknown;
  if (text.startsWith('{')) {
    try {
      candidate = JSON.parse(text);
    } catch {
      return null;
    }
  } else {
    const [messageId, n] = text.split(':');
    candidate = { messageId, citation: n === undefined ? null : Number(n) };
  }
  const parsed = CitationsQueryJson.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}
