/** @module Realistic API answers and SSE bodies for the app's tests. */
import type { Citation, CloneProfile, Conversation, Message, StreamEvent } from '@doppel/protocol';

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
    },
    instance: null,
    suggestedQuestions: [
      { id: 'q1', question: 'What are you working on?' },
      { id: 'q2', question: 'How do you stay focused?' },
    ],
    monetization: {
      anonymous_quota: { messages: 10, voice_minutes: 0, video_minutes: 0 },
      has_upsell_options: false,
    },
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
