/** @module Realistic API answers and SSE bodies for the app's tests. */

import type {
  Citation,
  CloneProfile,
  Conversation,
  Membership,
  Message,
  StreamEvent,
  Usage,
  User,
} from '@doppel/protocol';
import { NO_FEATURES } from '@doppel/protocol';

export function cloneProfile(overrides: Partial<CloneProfile> = {}): CloneProfile {
  return {
    id: 'clone-1',
    slug: 'demo',
    name: 'Ada Demo',
    imageUrl: null,
    headline: 'Builder of calm software',
    description: 'I write about product, craft and patience.',
    verified: true,
    public: true,
    language: 'English',
    voiceId: null,
    viewSources: true,
    toneFeedback: false,
    phoneNumber: null,
    socials: { extras: [], website: 'ada.example.com', twitter: 'https://x.com/ada' },
    orgs: [],
    options: {
      suggestQuestions: true,
      requireEmail: true,
      requirePhoneNumber: false,
      doppelLogo: true,
      autoDial: false,
      warning: true,
      customWarning: null,
      enableMultiLanguage: false,
      voiceModel: null,
      enableImageSending: true,
      allowVoice: false,
      allowVideo: false,
      phoneSmsEnabled: false,
      phoneWhatsAppEnabled: false,
      telegramEnabled: false,
    },
    instance: null,
    suggestedQuestions: [
      { id: 'q1', question: 'What are you working on?' },
      { id: 'q2', question: 'How do you stay focused?' },
    ],
    monetization: {
      anonymous_quota: { messages: 10, voice_minutes: 0, video_minutes: 0 },
      has_upsell_options: false,
      learn_more_url: null,
    },
    features: NO_FEATURES,
    affiliateLink: false,
    ...overrides,
  };
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv-1',
    cloneId: 'clone-1',
    cloneSlug: 'demo',
    instanceId: null,
    title: 'Conversation',
    medium: 'WEB',
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    shareId: null,
    hidden: false,
    recordingUrl: null,
    ...overrides,
  };
}

export function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 'msg-clone-1',
    conversationId: 'conv-1',
    text: 'Hello there.',
    sender: 'CLONE',
    type: 'text',
    createdAt: '2026-03-04T10:00:05.000Z',
    fromStudio: false,
    sessionStart: false,
    saved: false,
    hasSources: false,
    interrupted: false,
    imageUrl: null,
    files: [],
    messageAffiliates: [],
    reaction: null,
    ...overrides,
  };
}

export function citation(overrides: Partial<Citation> = {}): Citation {
  return {
    id: 'cit-1',
    index: 1,
    used: true,
    documentId: 'doc-1',
    documentTitle: 'On patience',
    title: 'On patience',
    text: 'Patience is a practice, not a trait.',
    url: 'https://ada.example.com/patience',
    timestamp: null,
    tweetId: null,
    visible: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    type: 'website',
    ...overrides,
  };
}

/** One SSE line per event, as the server writes them. */
export function sseLine(event: StreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** A response with a complete SSE body: the given chunks, then the end. */
export function sseResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** A stream the test feeds by hand: `push` a chunk, `end` it. */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    push(chunk: string) {
      controller.enqueue(encoder.encode(chunk));
    },
    end() {
      controller.close();
    },
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A signed-in user as GET /api/me and the verify answer carry them. */
export function user(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    name: null,
    imageUrl: null,
    phoneNumber: null,
    telegramUsername: null,
    staff: false,
    ...overrides,
  };
}

/**
 * Usage as GET /api/clones/:slug/usage answers it: by default an anonymous visitor with 3 of
 * the 10 free messages used.
 */
export function usage(overrides: Partial<Usage> = {}): Usage {
  const base: Usage = {
    usage: { messages: 3, voice_seconds: 0, video_seconds: 0 },
    quota: { messages: 10, voice_seconds: 0, video_seconds: 0 },
    remaining: { messages: 7, voice_seconds: 0, video_seconds: 0 },
    permissions: { can_send_message: true, can_make_call: false, can_make_video_call: false },
    billing: { is_overage_enabled: false },
    anonymous: true,
    relationship: null,
  };
  const merged = { ...base, ...overrides };
  // Keep `remaining` consistent with usage and quota unless the test set it.
  if (!overrides.remaining) {
    const left = (q: number, u: number) => (q === -1 ? -1 : Math.max(0, q - u));
    merged.remaining = {
      messages: left(merged.quota.messages, merged.usage.messages),
      voice_seconds: left(merged.quota.voice_seconds, merged.usage.voice_seconds),
      video_seconds: left(merged.quota.video_seconds, merged.usage.video_seconds),
    };
  }
  return merged;
}

/** A membership tier as GET /api/clones/:slug/memberships lists it. */
export function membership(overrides: Partial<Membership> = {}): Membership {
  return {
    id: 'tier-1',
    name: 'Supporter',
    basePrice: 8,
    annualPrice: 80,
    smsEnabled: false,
    voiceEnabled: true,
    videoEnabled: false,
    telegramEnabled: false,
    customDescription: 'More time with Ada every month.',
    includedMinutesPerMonth: 30,
    includedMessagesPerMonth: 500,
    includedVideoMinutesPerMonth: 0,
    active: true,
    instanceId: null,
    ...overrides,
  };
}
