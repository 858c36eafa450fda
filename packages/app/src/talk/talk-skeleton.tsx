/**
 * @module The talk screen's shape while its code or the clone loads (issue 9 §9): drawn at once
 * from the main bundle, so moving from the profile to the talk page never shows a blank page.
 */
import { SiteHeader } from '../components/site-header';
import '../components/composer.css';
import './talk.css';

/** Header, the clone's intro and the prompt's place, as grey shapes. */
export function TalkSkeleton() {
  return (
    <div className="talk" aria-busy="true">
      <SiteHeader>
        <span className="skeleton" style={{ width: 28, height: 28, borderRadius: 999 }} />
        <span className="skeleton" style={{ width: 160, height: 16 }} />
      </SiteHeader>
      <main className="talk-main" id="main">
        <div className="chat-column">
          <div className="chat-intro" role="status" aria-label="Loading the conversation">
            <span className="skeleton" style={{ width: 72, height: 72, borderRadius: 999 }} />
            <span className="skeleton" style={{ width: 180, height: 24 }} />
            <span className="skeleton" style={{ width: 260, height: 16 }} />
          </div>
        </div>
      </main>
      <div className="talk-dock">
        <div className="talk-dock-inner">
          <span className="skeleton" style={{ height: 54, borderRadius: 26 }} />
        </div>
      </div>
    </div>
  );
}
