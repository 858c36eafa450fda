/**
 * @module The capture conversation in the chat (spec/chat.md §4): the clone typing while the flow
 * starts, then its questions and the visitor's answers as chat lines (core's `captureLines`), the
 * last error as the clone's words, and under a code step 'Change email/number' and 'Send code
 * again' with 'Resending code...' / 'Code resent'.
 */
import { type CaptureFlowState, captureActions, captureLines } from '@doppel/core';
import { Avatar } from '../components/avatar';
import { TypingIndicator } from '../talk/typing-indicator';

interface CaptureBlockProps {
  state: CaptureFlowState;
  clone: { name: string; imageUrl: string | null };
  onChange: () => void;
  onResend: () => void;
}

export function CaptureBlock({ state, clone, onChange, onResend }: CaptureBlockProps) {
  const lines = captureLines(state);
  const actions = captureActions(state.state);
  const author = (
    <div className="message-author">
      <Avatar name={clone.name} imageUrl={clone.imageUrl} size={28} />
      <span className="message-name">{clone.name}</span>
    </div>
  );
  return (
    <>
      {lines.map((line) =>
        line.sender === 'USER' ? (
          <div className="message message-user" key={line.id}>
            <span className="visually-hidden">You said:</span>
            <div className="message-bubble">{line.text}</div>
          </div>
        ) : (
          <div
            className={line.id === 'error' ? 'message message-clone capture-error' : 'message message-clone'}
            key={line.id}
          >
            {author}
            <div className="message-body">
              <p className="capture-text">{line.text}</p>
            </div>
          </div>
        ),
      )}
      {state.state === 'STARTING' && (
        <div className="message message-clone message-streaming" aria-busy="true">
          {author}
          <div className="message-body">
            <TypingIndicator name={clone.name} />
          </div>
        </div>
      )}
      {actions && (
        <div className="capture-actions">
          <button type="button" className="capture-action" onClick={onChange} disabled={state.busy}>
            {actions.change}
          </button>
          <button type="button" className="capture-action" onClick={onResend} disabled={state.busy}>
            {actions.resend}
          </button>
          {state.notice && (
            <span className="capture-notice" role="status">
              {state.notice}
            </span>
          )}
        </div>
      )}
    </>
  );
}
