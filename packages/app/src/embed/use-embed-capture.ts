/**
 * @module The embedded chat's capture flow (embed-capture.ts) made for its conversation: told of
 * the chat's message count, handed the prompt through the controller while it collects, and
 * claiming the conversation when it completes.
 */
import type { CloneProfile } from '@doppel/protocol';
import { computed } from '@preact/signals-core';
import { useEffect, useMemo, useRef } from 'react';
import type { ConversationController } from '../conversation';
import type { AppServices } from '../services';
import { createEmbedCapture, type EmbedCapture } from './embed-capture';
import type { EmbedStorage } from './embed-storage';

export interface UseEmbedCaptureOptions {
  clone: CloneProfile;
  storage: EmbedStorage;
  services: AppServices;
  controller: ConversationController;
  /** Whitelabel embeds ask for code mails without the product logo. */
  noLogo: boolean;
  /** The flow asks for the newest line to be shown (200 ms after a step). */
  onScroll: () => void;
}

/** The capture of the embedded chat, connected while it is mounted. */
export function useEmbedCapture(options: UseEmbedCaptureOptions): EmbedCapture {
  const latest = useRef(options);
  latest.current = options;
  const { clone, storage, services, controller } = options;
  const capture = useMemo(() => {
    const usage = services.usageFor(clone.slug, clone.instance?.slug ?? null);
    return createEmbedCapture({
      clone,
      storage,
      api: services.api,
      session: services.session,
      noLogo: () => latest.current.noLogo,
      // spec/chat.md §4: the user's messages so far — this conversation's, or the visitor's usage.
      chat: computed(() => {
        const current = usage.usage.value;
        const mine = controller.chat.messages.value.filter((m) => m.sender === 'USER').length;
        return {
          userMessageCount: Math.max(mine, current?.anonymous ? current.usage.messages : 0),
          busy: controller.chat.busy.value,
        };
      }),
      onCompleted: async () => {
        await controller.claim();
        await usage.refresh();
      },
      onScroll: () => latest.current.onScroll(),
    });
  }, [clone, storage, services, controller]);
  useEffect(() => {
    const disconnect = capture.connect();
    controller.attachCapture(capture);
    return () => {
      controller.attachCapture(null);
      disconnect();
    };
  }, [capture, controller]);
  return capture;
}
