/**
 * @module Passages of the conversation's attached files go before the clone's own (issue 10 §4):
 * a visitor who attached a document asks about it first. At most ATTACHED passages, then the
 * retrieved ones, PASSAGES in all.
 */
import type { AnswerInput } from '../brain';
import type { Passage } from './retrieve';

const ATTACHED = 3;
const PASSAGES = 6;

export async function withAttachments(
  input: AnswerInput,
  query: string,
  retrieved: Passage[],
): Promise<Passage[]> {
  if (!input.attachments) return retrieved;
  const attached = await input.attachments.search(query, ATTACHED);
  return [...attached, ...retrieved].slice(0, Math.max(PASSAGES, attached.length));
}
