/**
 * @module The staff video call debug panel (spec/calls.md §6; issue 12): the call's provider and
 * its ids, the timings and the events, read from GET /api/calls/video/:id/debug (staff only).
 */
import type { VideoCallDebug, VideoCallStatus } from '@doppel/protocol';
import { useEffect, useState } from 'react';
import { getVideoCallDebug } from '../api';
import { useServices } from '../services';

export default function VideoDebugPanel({
  videoCallId,
  status,
}: {
  videoCallId: string;
  status: VideoCallStatus;
}) {
  const { api } = useServices();
  const [debug, setDebug] = useState<VideoCallDebug | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    let stale = false;
    const load = () =>
      void getVideoCallDebug(api, videoCallId).then(
        (answer) => {
          if (!stale) setDebug(answer);
        },
        () => undefined,
      );
    load();
    const timer = setInterval(load, 3000);
    return () => {
      stale = true;
      clearInterval(timer);
    };
  }, [api, videoCallId, open]);
  return (
    <section className="video-debug" aria-label="Video call debug">
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen((was) => !was)}>
        {open ? 'Hide debug' : 'Debug'}
      </button>
      {open && (
        <dl>
          <dt>Video call</dt>
          <dd>{videoCallId}</dd>
          <dt>Screen</dt>
          <dd>{status}</dd>
          {debug && (
            <>
              <dt>Provider</dt>
              <dd>{debug.provider}</dd>
              <dt>Provider conversation</dt>
              <dd>{debug.providerConversationId ?? '—'}</dd>
              <dt>Conversation</dt>
              <dd>{debug.conversationId}</dd>
              <dt>Started · live · ended</dt>
              <dd>
                {debug.startedAt} · {debug.liveAt ?? '—'} · {debug.endedAt ?? '—'}
              </dd>
              <dt>Charged</dt>
              <dd>{debug.seconds} s</dd>
              <dt>Recording</dt>
              <dd>{debug.recordingStatus}</dd>
              <dt>Events</dt>
              <dd>
                <ol>
                  {debug.events.map((event) => (
                    <li key={`${event.at}-${event.name}`}>
                      {new Date(event.at).toISOString().slice(11, 19)} {event.name}
                      {event.detail ? ` (${event.detail})` : ''}
                    </li>
                  ))}
                </ol>
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
