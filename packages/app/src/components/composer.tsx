import {
  canSend,
  type DraftFileStatus,
  dashBullets,
  isDraftDirty,
  keyAction,
  messageLength,
  sendButtonState,
} from '@doppel/core';
import { MESSAGE_TOO_LONG } from '@doppel/protocol';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import type { Dictation } from '../dictation/use-dictation';
import { CloseIcon, MicIcon, SendIcon, StopIcon } from './icons';

/** spec/chat.md §5: the prompt is at least 52 px tall and grows up to a maximum. */
const MIN_HEIGHT_PX = 52;
const MAX_HEIGHT_PX = 200;

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (text: string) => void;
  placeholder: string;
  /** A message is being sent or received: the main button becomes the stop button. */
  busy?: boolean;
  /** The stop button may cancel (spec/chat.md §4: only after 1 s). */
  canStop?: boolean;
  onStop?: () => void;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
  /** Before the text (the message menu). */
  leading?: ReactNode;
  /** Above the prompt (the draft's files). */
  above?: ReactNode;
  /** The draft's files: sending waits while one is pending (spec/chat.md §4). */
  files?: readonly { status: DraftFileStatus }[];
  /** Voice-memo dictation (spec/calls.md §4): with an empty draft the button is a microphone. */
  dictation?: Dictation | null;
}

/**
 * The chat prompt: Enter sends, Shift+Enter adds a newline, Enter is ignored while a send is
 * pending; a line starting with "- " becomes a bullet; the height follows the text.
 */
export function Composer({
  value,
  onChange,
  onSubmit,
  placeholder,
  busy = false,
  canStop = false,
  onStop,
  disabled = false,
  autoFocus = false,
  label = 'Message',
  leading,
  above,
  files = [],
  dictation = null,
}: ComposerProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<[number, number] | null>(null);
  const hintId = useId();
  const draft = { text: value, files, pending: busy };
  const sendable = !disabled && canSend(draft);
  // issue 9 §10: a counter near the limit; past it the draft is refused (the server's limit too).
  const length = messageLength(value);
  const describedBy = [
    `${hintId}-hint`,
    length.showCounter ? `${hintId}-count` : null,
    length.over ? `${hintId}-over` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const face = sendButtonState({
    sending: busy,
    receiving: false,
    draftDirty: isDraftDirty(draft),
    micError: dictation?.micError ?? false,
    transcribing: dictation?.status === 'processing',
  });
  const dictating = dictation !== null && dictation.status !== 'idle';

  // The talk screen is for typing: focus goes to the prompt (not `autoFocus`, which Preact only
  // writes as an attribute; see useFocusOnMount).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only.
  useEffect(() => {
    if (autoFocus) textarea.current?.focus();
  }, []);

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    if (caret.current) {
      el.setSelectionRange(caret.current[0], caret.current[1]);
      caret.current = null;
    }
    el.style.height = 'auto';
    el.style.height = `${Math.min(MAX_HEIGHT_PX, Math.max(MIN_HEIGHT_PX, el.scrollHeight))}px`;
  });

  const submit = (): void => {
    if (!sendable) return;
    onSubmit(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    const action = keyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing || event.keyCode === 229,
      pending: busy,
    });
    if (action === 'send') {
      event.preventDefault();
      submit();
    } else if (action === 'block') {
      event.preventDefault();
    }
  };

  const onFormSubmit = (event: FormEvent): void => {
    event.preventDefault();
    submit();
  };

  if (dictation && dictating) {
    return (
      <>
        {above}
        <DictationBar dictation={dictation} />
      </>
    );
  }

  return (
    <>
      {above}
      <form className="composer" onSubmit={onFormSubmit}>
        {leading}
        <label htmlFor={`${hintId}-input`} className="visually-hidden">
          {label}
        </label>
        <textarea
          id={`${hintId}-input`}
          ref={textarea}
          className="composer-input"
          rows={1}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={length.over || undefined}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const raw = event.target.value;
            const next = dashBullets(raw);
            if (next !== raw) caret.current = [event.target.selectionStart, event.target.selectionEnd];
            onChange(next);
          }}
        />
        <span id={`${hintId}-hint`} className="visually-hidden">
          Enter sends, Shift+Enter adds a new line.
        </span>
        {length.showCounter && (
          <span
            id={`${hintId}-count`}
            className={length.over ? 'composer-counter is-over' : 'composer-counter'}
          >
            {length.used.toLocaleString('en-US')}/{length.max.toLocaleString('en-US')}
            <span className="visually-hidden"> characters</span>
          </span>
        )}
        {length.over && (
          <span id={`${hintId}-over`} className="visually-hidden" role="status">
            {MESSAGE_TOO_LONG}
          </span>
        )}
        {face === 'stop' ? (
          <button
            type="button"
            className="composer-button composer-stop"
            aria-label="Stop generating"
            title={canStop ? 'Stop generating' : 'You can stop the answer in a moment'}
            disabled={!canStop}
            onClick={onStop}
          >
            <StopIcon />
          </button>
        ) : dictation && !disabled && (face === 'microphone' || face === 'error') ? (
          <button
            type="button"
            className={
              face === 'error' ? 'composer-button composer-mic is-error' : 'composer-button composer-mic'
            }
            aria-label={face === 'error' ? 'Microphone unavailable: try again' : 'Record a voice message'}
            title={face === 'error' ? 'Microphone unavailable: try again' : 'Record a voice message'}
            onClick={dictation.start}
          >
            <MicIcon />
          </button>
        ) : (
          <button
            type="submit"
            className="composer-button"
            aria-label="Send message"
            title={length.over ? MESSAGE_TOO_LONG : undefined}
            disabled={!sendable}
          >
            <SendIcon />
          </button>
        )}
      </form>
    </>
  );
}

/** The prompt while dictating: cancel, the waveform, and stop-and-send (or the transcribing wait). */
function DictationBar({ dictation }: { dictation: Dictation }) {
  const recording = dictation.status === 'recording';
  return (
    <fieldset className="composer composer-dictation" aria-label="Voice message">
      <button
        type="button"
        className="composer-button composer-cancel"
        aria-label="Cancel voice message"
        onClick={dictation.cancel}
      >
        <CloseIcon />
      </button>
      <svg
        className={recording ? 'composer-waveform' : 'composer-waveform is-processing'}
        viewBox={`0 0 ${dictation.waveform.length * 2} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        {dictation.waveform.map((level, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the points are positions, not items.
          <rect key={i} x={i * 2} y={(100 - level) / 2} width="1.2" height={level} rx="0.6" />
        ))}
      </svg>
      <span className="visually-hidden" role="status">
        {recording ? 'Recording a voice message' : 'Transcribing your voice message'}
      </span>
      {recording ? (
        <button
          type="button"
          className="composer-button"
          aria-label="Stop and send voice message"
          onClick={dictation.stop}
        >
          <SendIcon />
        </button>
      ) : (
        <button type="button" className="composer-button" aria-label="Transcribing voice message" disabled>
          <svg className="composer-spinner" viewBox="0 0 24 24" aria-hidden="true">
            <circle
              cx="12"
              cy="12"
              r="8"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeDasharray="36 60"
            />
          </svg>
        </button>
      )}
    </fieldset>
  );
}
