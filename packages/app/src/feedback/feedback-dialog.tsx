/** @module The 'User Feedback' dialog (spec/chat.md §2, §5): subject and content, a counter, submit. */
import { validateFeedback } from '@doppel/core';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_ROWS, FEEDBACK_SUBJECT_MAX_LENGTH } from '@doppel/protocol';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { sendFeedback } from '../api';
import { CloseIcon } from '../components/icons';
import { useServices } from '../services';
import '../components/dialog.css';
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content feedback-dialog">
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">User Feedback</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">
            Tell us what works, what doesn't, or what you'd like to see.
          </Dialog.Description>
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
              <Dialog.Close className="btn btn-ghost" type="button">
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn btn-primary" disabled={!check.ok || sending}>
                {sending ? 'Sending…' : 'Send feedback'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
