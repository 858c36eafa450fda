/**
 * @module A voice call's limits on the page (spec/calls.md §4, §5, §6): the countdown every
 * second ('N minutes left', 'Unlimited'; hidden with overage and for creators and contributors),
 * the call stopped and the paywall opened at zero, the three voice paywall triggers checked
 * before a call starts, the start button disabled when the quota is spent, 'No time limit found'
 * for a signed-in caller without one, an anonymous visitor's remaining time kept in this browser
 * per clone and instance, and an embed configuration's call limit, which stops the call without
 * the paywall and tells the host page `voice-exhausted` instead.
 */
import {
  anonymousQuota,
  canUse,
  countdownText,
  exemptFromLimits,
  lowerRemaining,
  showRemaining,
} from '@doppel/core';
import type { CallEndReason, CloneProfile } from '@doppel/protocol';
import { NO_TIME_LIMIT_FOUND } from '@doppel/protocol';
import { computed, signal } from '@preact/signals-core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Paywall } from '../paywall/create-paywall';
import { usePaywall } from '../paywall/use-paywall';
import { useServices } from '../services';
import type { UsageStore } from '../session';
import { readLocalCallTime, writeLocalCallTime } from './local-call-time';
import type { VoiceCall } from './use-voice-call';

/** An embed configuration's call limit (spec/calls.md §4): the call stops there, the host is told. */
export interface EmbedCallLimit {
  /** The longest call in seconds. */
  seconds: number;
  /** Tells the host page (`voice-exhausted` with the configuration id). */
  onVoiceExhausted(): void;
}

export interface CallLimits {
  /** The countdown's words, or null when it is hidden. */
  countdown: string | null;
  /** spec/calls.md §5: the start button is disabled (the quota is spent). */
  spent: boolean;
  /** The paywall of the call page, for its `PaywallHost`. */
  paywall: Paywall;
  /** Starts the call, unless a voice paywall trigger fires: then the paywall opens instead. */
  start(): void;
  /** The server refused or ended the call for lack of time: stop and say so. */
  exhausted(reason: Extract<CallEndReason, 'quota' | 'call-limit'>): void;
}

export function useCallLimits({
  clone,
  instanceSlug,
  call,
  usage: usageStore,
  embedLimit,
  resource = 'voice_seconds',
}: {
  clone: CloneProfile;
  instanceSlug: string | null;
  call: Pick<VoiceCall, 'status' | 'startedAt' | 'start' | 'end'>;
  usage: UsageStore;
  embedLimit: EmbedCallLimit | null;
  /** What the call uses: voice seconds, or video seconds on the video screen (spec/calls.md §5). */
  resource?: 'voice_seconds' | 'video_seconds';
}): CallLimits {
  const { session } = useServices();
  const slug = clone.slug;
  const signedIn = session.signedIn.value;
  const usage = usageStore.usage.value;
  const quota = anonymousQuota(clone.monetization.anonymous_quota, resource);
  // The visitor's remaining seconds as this browser counted them (null: none counted yet).
  const [local] = useState(() => signal(readLocalCallTime(slug, instanceSlug, resource)));
  const [anonymousUsed] = useState(() =>
    computed(() => (local.value === null || quota < 0 ? 0 : Math.max(0, quota - local.value))),
  );
  const paywall = usePaywall({ clone, usage: usageStore, resource, anonymousUsed });

  // What is left now, before this call: the server's answer, and for a visitor the lower of it
  // and the browser's own count. -1 unlimited; null unknown.
  const server = usage && usage.anonymous === !signedIn ? usage.remaining[resource] : null;
  const localLeft = signedIn ? null : local.value;
  const remaining =
    server === null ? localLeft : localLeft === null || server < 0 ? server : Math.min(server, localLeft);

  const [now, setNow] = useState(Date.now());
  const active = call.status === 'ACTIVE' && call.startedAt !== null;
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  const elapsed = active ? Math.max(0, Math.floor((now - (call.startedAt ?? now)) / 1000)) : 0;
  const left = remaining === null ? null : remaining < 0 ? -1 : Math.max(0, remaining - elapsed);

  // Told once per call: the countdown, the embed's limit and the server may all say it.
  const told = useRef(false);
  useEffect(() => {
    if (call.status === 'CONNECTING') told.current = false;
  }, [call.status]);
  const exhausted = useCallback(
    (reason: 'quota' | 'call-limit') => {
      if (told.current) return;
      told.current = true;
      call.end();
      // spec/calls.md §4: the embed's configuration skips the voice paywall and tells the host.
      if (embedLimit) embedLimit.onVoiceExhausted();
      else if (reason === 'quota') paywall.open('limit');
    },
    [call, embedLimit, paywall],
  );

  // spec/calls.md §4: at zero time left (no overage, e-mail required) the call stops and the
  // paywall opens; the embed's call limit is checked every second too.
  const overage = usage?.billing.is_overage_enabled === true;
  const exempt = exemptFromLimits(usage?.relationship);
  useEffect(() => {
    if (!active) return;
    if (embedLimit && elapsed >= embedLimit.seconds) exhausted('call-limit');
    else if (left === 0 && !overage && !exempt && clone.options.requireEmail) exhausted('quota');
  }, [active, elapsed, left, overage, exempt, embedLimit, exhausted, clone.options.requireEmail]);

  // spec/calls.md §4: a signed-in caller with no time-limit value: the call stops, with an error.
  const settled = usageStore.settled.value;
  useEffect(() => {
    if (!active || !signedIn || !settled || server !== null) return;
    call.end();
    toast.error(NO_TIME_LIMIT_FOUND);
  }, [active, signedIn, settled, server, call]);

  // spec/calls.md §4: stopping lowers the visitor's local remaining time by the call's seconds.
  const startedAt = useRef<number | null>(null);
  useEffect(() => {
    if (call.status === 'ACTIVE') startedAt.current = call.startedAt;
    if (call.status !== 'ENDED' || startedAt.current === null) return;
    const seconds = (Date.now() - startedAt.current) / 1000;
    startedAt.current = null;
    if (signedIn) return;
    const lowered = lowerRemaining(remaining, seconds);
    if (lowered === null) return;
    local.value = lowered;
    writeLocalCallTime(slug, instanceSlug, lowered, resource);
  }, [call.status, call.startedAt, signedIn, remaining, local, slug, instanceSlug, resource]);

  const { start: startCall } = call;
  const start = useCallback(() => {
    // spec/calls.md §4: no time left (overage off, e-mail required): the paywall instead.
    if (paywall.limitReached.peek() || (remaining === 0 && clone.options.requireEmail && !overage)) {
      told.current = false;
      if (embedLimit) embedLimit.onVoiceExhausted();
      else paywall.open('limit');
      return;
    }
    startCall();
  }, [paywall, remaining, overage, embedLimit, startCall, clone.options.requireEmail]);

  const spent = usage !== null && !canUse(usage, resource);
  // The countdown: the quota's time left, or the embed's call limit when that comes first. Not
  // beside a disabled start button: its tooltip says why, '1 minute left' there would not be true.
  const shown = usage !== null && showRemaining(resource, usage, clone.options.requireEmail);
  const limitLeft = embedLimit ? Math.max(0, embedLimit.seconds - elapsed) : null;
  const quotaLeft = shown ? left : null;
  const countdownLeft =
    limitLeft === null
      ? quotaLeft
      : quotaLeft === null || quotaLeft < 0
        ? limitLeft
        : Math.min(limitLeft, quotaLeft);
  const idleSpent = spent && !active;
  return useMemo(
    () => ({
      countdown: countdownLeft !== null && !idleSpent ? countdownText(countdownLeft) : null,
      spent,
      paywall,
      start,
      exhausted,
    }),
    [countdownLeft, idleSpent, spent, paywall, start, exhausted],
  );
}
