/**
 * @module Answers that come from the clone's profile rather than its knowledge: greetings,
 * "who are you", and the honest "I haven't covered that" (DESIGN §3). Pure functions.
 */
import type { CloneForBrain } from '../../../packages/brain/src/brain.ts';
import { topicPhrase } from './topics.ts';

export interface ProfileContext {
  clone: CloneForBrain;
  /** Titles of the clone's documents, most representative first. */
  documentTitles: readonly string[];
}

/** The headline as the end of "I'm {name}, …": its first letter lowered unless it starts an acronym. */
function headlinePhrase(headline: string): string {
  const trimmed = headline.trim().replace(/[.!]+$/, '');
  if (!trimmed) return '';
  const second = trimmed.charAt(1);
  return second && second === second.toLowerCase()
    ? trimmed.charAt(0).toLowerCase() + trimmed.slice(1)
    : trimmed;
}

function introduction(clone: CloneForBrain): string {
  const headline = headlinePhrase(clone.headline);
  return headline ? `I'm ${clone.name}, ${headline}.` : `I'm ${clone.name}.`;
}

/** True when the description already says who the clone is ("I'm Juniper Hale. …"). */
function introducesItself(clone: CloneForBrain, description: string): boolean {
  const opening = description.split(/(?<=[.!?])\s/)[0] ?? '';
  return /^(i'm|i am|hi|hello|hey)\b/i.test(opening) || opening.includes(clone.name);
}

/** An invitation to ask: a suggested question, or the subjects of the clone's documents. */
function invitation({ clone, documentTitles }: ProfileContext): string {
  const example = clone.suggestedQuestions[0];
  if (example) return `Ask me anything, for example: “${example}”`;
  const topics = topicPhrase(documentTitles);
  return topics ? `Ask me anything about ${topics}.` : 'Ask me anything.';
}

/** The answer to "hi", "hello", "hey there"... */
export function composeGreeting(context: ProfileContext): string {
  return `Hi! ${introduction(context.clone)} ${invitation(context)}`;
}

/** The answer to "who are you", "what do you do", "tell me about yourself"... */
export function composeIdentity(context: ProfileContext): string {
  const { clone } = context;
  const description = clone.description.trim();
  if (!description) return `${introduction(clone)} ${invitation(context)}`;
  const parts = introducesItself(clone, description) ? [] : [introduction(clone)];
  parts.push(/[.!?]$/.test(description) ? description : `${description}.`);
  // A description that already invites questions needs no second invitation.
  if (!/\bask me\b/i.test(description)) parts.push(invitation(context));
  return parts.join(' ');
}

/** The honest answer when nothing the clone has shared covers the question. */
export function composeNotCovered({ clone, documentTitles }: ProfileContext): string {
  const topics = topicPhrase(documentTitles, 'or');
  const questions = clone.suggestedQuestions.slice(0, 2).map((q) => `“${q}”`);
  let offer = 'Ask me about something else and I will tell you what I know.';
  if (topics) offer = `I can talk about ${topics}, if that helps.`;
  else if (questions.length > 0) offer = `You could ask me ${questions.join(' or ')}`;
  return `I haven't covered that in anything I've shared, so I'd rather not guess. ${offer}`;
}
