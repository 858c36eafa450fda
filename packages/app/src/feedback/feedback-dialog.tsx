/** @module The 'User Feedback' dialog (spec/chat.md §2, §5): subject and content, a counter, submit. */
import { validateFeedback } from '@doppel/core';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_ROWS, FEEDBACK_SUBJECT_MAX_LENGTH } from '@doppel/protocol';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { sendFeedback } from '../api';
import {
  DialogClose,
  DialogCloseButton,
  DialogDescription,
  DialogShell,
  DialogTitle,
} from '../components/dialog-shell';
import { useServices } from '../services';
import './feedback.css';

interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the feedback was sent from; the current path by default. */
  pathname?: string;
}

export default function FeedbackDialog({ open, onOpenChange, pathname }: FeedbackDialogProps) {
  const id = useId();
  const { api } = useServices();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const check = validateFeedback({ subject, content });
  const contentError = !check.ok && content.length > FEEDBACK_MAX_LENGTH ? check.errors.content : undefined;

  const submit = async (): Promise<void> => {
    if (!check.ok || sending) return;
    setSending(true);
    const toastId = toast.loading('Sending feedback');
    try {
      await sendFeedback(api, {
        ...check.feedback,
        metadata: { pathname: pathname ?? window.location.pathname },
      });
      toast.success('Feedback sent', { id: toastId });
      setSubject('');
      setContent('');
      onOpenChange(false);
    } catch {
      toast.error('Failed to send feedback', { id: toastId });
    } finally {
      setSending(false);
    }
  };

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="dialog-content feedback-dialog">
      <div className="dialog-head">
        <DialogTitle className="dialog-title">User Feedback</DialogTitle>
        <DialogCloseButton />
      </div>
      <DialogDescription className="dialog-description">
        Tell us what works, what doesn't, or what you'd like to see.
      </DialogDescription>
      <form
        className="feedback-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`${id}-subject`} className="field-label">
          Subject
        </label>
        <input
          id={`${id}-subject`}
          className="field-input"
          value={subject}
          maxLength={FEEDBACK_SUBJECT_MAX_LENGTH}
          required
          onChange={(event) => setSubject(event.target.value)}
        />
        <div className="field-label-row">
          <label htmlFor={`${id}-content`} className="field-label">
            Feedback
          </label>
          <span
            id={`${id}-counter`}
            className={content.length > FEEDBACK_MAX_LENGTH ? 'field-counter is-over' : 'field-counter'}
          >
            {content.length}/{FEEDBACK_MAX_LENGTH}
          </span>
        </div>
        <textarea
          id={`${id}-content`}
          className="field-input"
          rows={FEEDBACK_ROWS}
          value={content}
          required
          aria-invalid={contentError !== undefined}
          aria-describedby={contentError ? `${id}-counter ${id}-error` : `${id}-counter`}
          onChange={(event) => setContent(event.target.value)}
        />
        {contentError && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {contentError}
          </p>
        )}
        <div className="feedback-actions">
          <DialogClose className="btn btn-ghost" type="button">
            Cancel
          </DialogClose>
          {/* While sending, the spec's 'Sending feedback' toast says so; the button does not repeat it. */}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!check.ok || sending}
            aria-busy={sending}
          >
            Send feedback
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
