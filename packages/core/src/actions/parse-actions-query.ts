import { ActionsQueryValue } from '@doppel/protocol';

/** spec/chat.md §2: the `actions` value, or null for none or an unknown one (ignored, never an error page). */
export function parseActionsQuery(value: string | null): ActionsQueryValue | null {
  const parsed = ActionsQueryValue.safeParse(value?.trim().toLowerCase());
  return parsed.success ? parsed.data : null;
}
