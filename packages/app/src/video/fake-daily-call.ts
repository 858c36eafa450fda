/**
 * @module A double of Daily's call object for component tests: the public methods the video call
 * uses (`join`, `leave`, `destroy`, `participants`, `sendAppMessage`, `setLocalAudio`,
 * `setLocalVideo`, `startRecording`, `stopRecording`) and its events (`on` / `off`), which the
 * test fires as Daily would (`emit`), with Daily's own event object shapes.
 */
import type { DailyCall, DailyEvent, DailyEventObject, DailyParticipant } from '@daily-co/daily-js';
import type { DailyCallObject } from './tavus-daily-call';

type Handler = (event: never) => void;

/** A participant as Daily describes one (only what the video call reads is meaningful). */
export function dailyParticipant(id: string, local: boolean): DailyParticipant {
  const off = { state: 'off', subscribed: false } as const;
  return {
    session_id: id,
    user_id: id,
    user_name: local ? 'visitor' : 'Replica',
    local,
    owner: false,
    will_eject_at: new Date(0),
    joined_at: new Date(),
    networkThreshold: 'good',
    permissions: { hasPresence: true, canSend: true, canReceive: { base: true }, canAdmin: false },
    audio: false,
    video: false,
    screen: false,
    record: false,
    tracks: { audio: off, video: off, screenAudio: off, screenVideo: off },
  } as unknown as DailyParticipant;
}

export class FakeDailyCall {
  readonly handlers = new Map<string, Set<Handler>>();
  readonly joined: { url?: string }[] = [];
  readonly appMessages: { data: unknown; to: string | string[] | undefined }[] = [];
  readonly calls: string[] = [];
  remote: DailyParticipant | null = null;
  local = dailyParticipant('local-1', true);
  /** What join() does: resolve (the default), or fail with a message. */
  joinFails: string | null = null;

  /** This double, typed as the part of Daily's call object the video call uses. */
  get callObject(): DailyCallObject {
    return this as unknown as DailyCallObject;
  }

  private self(): DailyCall {
    return this as unknown as DailyCall;
  }

  on(event: DailyEvent, handler: Handler): DailyCall {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return this.self();
  }

  off(event: DailyEvent, handler: Handler): DailyCall {
    this.handlers.get(event)?.delete(handler);
    return this.self();
  }

  /** Fires `event` as Daily would, with its event object. */
  emit<T extends DailyEvent>(event: T, payload: Omit<DailyEventObject<T>, 'action' | 'callClientId'>): void {
    const object = { action: event, callClientId: 'fake', ...payload };
    for (const handler of this.handlers.get(event) ?? []) (handler as (e: typeof object) => void)(object);
  }

  listeners(event: DailyEvent): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  async join(properties?: { url?: string }) {
    this.calls.push('join');
    this.joined.push({ url: properties?.url });
    if (this.joinFails) throw new Error(this.joinFails);
    return { local: this.local };
  }

  async leave() {
    this.calls.push('leave');
  }

  async destroy() {
    this.calls.push('destroy');
  }

  participants() {
    return this.remote ? { local: this.local, [this.remote.session_id]: this.remote } : { local: this.local };
  }

  sendAppMessage(data: unknown, to?: string | string[]): DailyCall {
    this.appMessages.push({ data, to });
    return this.self();
  }

  setLocalAudio(on: boolean): DailyCall {
    this.calls.push(`audio:${on}`);
    return this.self();
  }

  setLocalVideo(on: boolean): DailyCall {
    this.calls.push(`video:${on}`);
    return this.self();
  }

  startRecording(): void {
    this.calls.push('startRecording');
  }

  stopRecording(): void {
    this.calls.push('stopRecording');
  }
}
