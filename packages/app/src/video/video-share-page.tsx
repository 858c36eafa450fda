/**
 * @module The video share page (spec/calls.md §2, §5, §8, §9): a shared call that was a video
 * call shows 'Your call with {clone name}' ('Your Call' on small screens), its date, the player
 * (starting 0.5 s in), download or share, the Share Call sidebar (copy link, share buttons), and
 * New Call in the header; 'Recording Unavailable' when the recording's duration is not valid. A
 * shared voice call is the transcript page, as before (`SharedCallPage` decides).
 */
import { RECORDING_UNAVAILABLE, VIDEO, type VideoCall } from '@doppel/protocol';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { getSharedVideoCall, isNotFound } from '../api';
import { CopyIcon, ShareIcon, VideoIcon } from '../components/icons';
import { SiteHeader } from '../components/site-header';
import { callUrl } from '../routes';
import { useServices } from '../services';
import { copyLink, shareTargets } from '../share/share-link';
import './video.css';

export default function SharedCallPage({
  shareId,
  slug,
  instanceSlug,
  transcript,
}: {
  shareId: string;
  slug: string;
  instanceSlug: string | null;
  /** The shared voice call's page, when this share is not a video call. */
  transcript: ReactNode;
}) {
  const { api } = useServices();
  const [call, setCall] = useState<VideoCall | null | 'voice'>(null);
  useEffect(() => {
    let stale = false;
    getSharedVideoCall(api, shareId).then(
      (answer) => !stale && setCall(answer),
      (error) => !stale && setCall(isNotFound(error) ? 'voice' : 'voice'),
    );
    return () => {
      stale = true;
    };
  }, [api, shareId]);
  if (call === null) return <div className="page video-share-page" aria-busy="true" />;
  if (call === 'voice') return <>{transcript}</>;
  return <VideoSharePage call={call} slug={slug} instanceSlug={instanceSlug} />;
}

function VideoSharePage({
  call,
  slug,
  instanceSlug,
}: {
  call: VideoCall;
  slug: string;
  instanceSlug: string | null;
}) {
  const link = window.location.href;
  const title = `${call.cloneName} on Doppel`;
  const valid =
    call.recordingUrl !== null && call.recordingDurationMs !== null && call.recordingDurationMs > 0;
  const date = new Date(call.startedAt).toLocaleDateString(undefined, { dateStyle: 'long' });
  const share = async () => {
    if (navigator.share) {
      await navigator.share({ title, url: link }).catch(() => undefined);
      return;
    }
    if (await copyLink(link)) toast.success('Copied Share Link');
  };
  return (
    <div className="page video-share-page">
      <SiteHeader
        actions={
          <Link href={callUrl(slug, instanceSlug, 'video')} className="btn btn-primary btn-sm">
            <VideoIcon />
            New Call
          </Link>
        }
      />
      <main className="video-share" id="main">
        <article className="video-share-main">
          <h1>
            <span className="video-share-long">Your call with {call.cloneName}</span>
            <span className="video-share-short">Your Call</span>
          </h1>
          <p className="video-share-date">{date}</p>
          {valid ? (
            // biome-ignore lint/a11y/useMediaCaption: the recording has no caption track; its transcript is the conversation.
            <video
              className="video-share-player"
              controls
              playsInline
              preload="metadata"
              src={call.recordingUrl ?? undefined}
              aria-label={`Recording of the call with ${call.cloneName}`}
              onLoadedMetadata={(event) => {
                event.currentTarget.currentTime = VIDEO.playerSeekSeconds;
              }}
            />
          ) : (
            <div className="video-share-unavailable" role="status">
              {RECORDING_UNAVAILABLE}
            </div>
          )}
          <div className="video-share-actions">
            {valid && (
              <a className="btn btn-secondary" href={call.recordingUrl ?? undefined} download>
                Download
              </a>
            )}
            <button type="button" className="btn btn-secondary" onClick={() => void share()}>
              <ShareIcon />
              Share
            </button>
          </div>
        </article>
        <aside className="video-share-side" aria-label="Share Call">
          <h2>Share Call</h2>
          <div className="video-share-link">
            <input readOnly value={link} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              className="icon-btn"
              aria-label="Copy link"
              onClick={() => void copyLink(link).then((ok) => ok && toast.success('Copied Share Link'))}
            >
              <CopyIcon />
            </button>
          </div>
          <ul>
            {shareTargets(link, title).map((target) => (
              <li key={target.name}>
                <a className="btn btn-secondary" href={target.href} target="_blank" rel="noopener noreferrer">
                  {target.label}
                </a>
              </li>
            ))}
          </ul>
        </aside>
      </main>
    </div>
  );
}
