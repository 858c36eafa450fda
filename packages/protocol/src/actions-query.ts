/**
 * @module The talk page's `actions` and `citations` query parameters (spec/chat.md §2): their
 * shapes; core reads them (core/actions).
 */
import { z } from 'zod';

/** spec/chat.md §2: the values of `actions`. */
export const ActionsQueryValue = z.enum([
  'menu',
  'text',
  'share',
  'socials',
  'bookmark',
  'feedback',
  'authenticate',
  'history',
]);
export type ActionsQueryValue = z.infer<typeof ActionsQueryValue>;

const markerNumber = z.number().int().min(1).max(99).nullable().catch(null).default(null);

/** `citations` as JSON: the message, the `[n]` of a used source, the number of a relevant one. */
export const CitationsQueryJson = z.object({
  messageId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  citation: markerNumber,
  relevant: markerNumber,
});
export type CitationsQuery = z.infer<typeof CitationsQueryJson>;
