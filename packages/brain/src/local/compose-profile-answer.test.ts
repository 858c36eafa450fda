import { describe, expect, it } from 'vitest';
import type { CloneForBrain } from '../brain';
import { classifyQuestion, isFollowUp } from './classify-question';
import { composeGreeting, composeIdentity, composeNotCovered } from './compose-profile-answer';
import { shortTitle } from './topics';

const clone: CloneForBrain = {
  id: 'c1',
  slug: 'sam',
  name: 'Sam Okafor',
  headline: 'Sourdough baker and teacher',
  description: 'I run a small bakery',
  suggestedQuestions: ['How do you keep a starter alive?'],
};
const documentTitles = ['Keeping a starter alive', 'Choosing your hydration', 'How I plan a bake day'];

describe('classifyQuestion', () => {
  it.each([
    'hi',
    'Hello!',
    'hey there',
    'Hi Sam',
    'good morning',
    'hey, how are you?',
    'Hello there, Sam Okafor!',
  ])('%s is a greeting', (q) => expect(classifyQuestion(q, clone.name)).toBe('greeting'));
  it.each([
    'Who are you?',
    'what do you do',
    'Tell me about yourself',
    'hi! who are you?',
    'What can you talk about?',
    'So what do you do for a living?',
    'Hi Sam! What are you?',
    'What can you help me with?',
  ])('%s is about identity', (q) => expect(classifyQuestion(q, clone.name)).toBe('identity'));
  it.each([
    'hi, how do you plan a bake day?',
    'What are you doing about hydration?',
    'starter',
    'What do you do about a starter that smells of nail varnish?',
    'What are you baking this week?',
    'What can you do with leftover rye?',
    // The visitor's problem first: "what do you do?" asks what the creator does about it.
    "My loaves spread flat every time. I don't want to add more flour. What do you do?",
  ])('%s is a knowledge question', (q) => expect(classifyQuestion(q, clone.name)).toBe('knowledge'));
  it('tells follow-ups', () => {
    expect(isFollowUp('Tell me more')).toBe(true);
    expect(isFollowUp('why?')).toBe(true);
    expect(isFollowUp('why rye?')).toBe(false);
  });
});

describe('shortTitle', () => {
  it('keeps the subject of a title', () => {
    expect(shortTitle('How to Buy Lumber Without Getting Fleeced - Board Feet, Grades')).toBe(
      'How to Buy Lumber Without Getting Fleeced',
    );
    expect(shortTitle('Bench Notes, Episode 31 - Green Woodworking and the Ladderback Chair')).toBe(
      'Green Woodworking and the Ladderback Chair',
    );
    expect(shortTitle('Starter Hand Tool Checklist (handout)')).toBe('Starter Hand Tool Checklist');
    expect(shortTitle('Plain')).toBe('Plain');
  });
});

describe('profile answers', () => {
  it('greets in the first person with an example question', () => {
    expect(composeGreeting({ clone, documentTitles })).toBe(
      "Hi! I'm Sam Okafor, sourdough baker and teacher. Ask me anything, for example: “How do you keep a starter alive?”",
    );
  });

  it('introduces itself from the headline and description, inviting a question', () => {
    expect(composeIdentity({ clone, documentTitles })).toBe(
      "I'm Sam Okafor, sourdough baker and teacher. I run a small bakery. Ask me anything, for example: “How do you keep a starter alive?”",
    );
    const noQuestions = { ...clone, suggestedQuestions: [] };
    expect(composeIdentity({ clone: noQuestions, documentTitles })).toContain(
      'Ask me anything about “Keeping a starter alive”, “Choosing your hydration” and “How I plan a bake day”.',
    );
  });

  it('lets a description that introduces itself and invites questions speak alone', () => {
    const description = "I'm Sam Okafor. I bake.\n\nAsk me about starters.";
    expect(composeIdentity({ clone: { ...clone, description }, documentTitles })).toBe(description);
  });

  it('says honestly when it has not covered something, naming what it can talk about', () => {
    const text = composeNotCovered({ clone, documentTitles });
    expect(text).toMatch(/^I haven't covered that/);
    expect(text).toContain('“Keeping a starter alive”, “Choosing your hydration” or “How I plan a bake day”');
    expect(composeNotCovered({ clone, documentTitles: [] })).toContain('“How do you keep a starter alive?”');
  });

  it('keeps an acronym headline as written', () => {
    expect(
      composeGreeting({
        clone: { ...clone, headline: 'CEO of Crumb', suggestedQuestions: [] },
        documentTitles: [],
      }),
    ).toBe("Hi! I'm Sam Okafor, CEO of Crumb. Ask me anything.");
  });
});
