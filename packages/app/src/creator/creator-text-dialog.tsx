/**
 * @module The creator tools' dialog (spec/chat.md §2 revise-answer and adjust-speaking-style
 * dialogs): one text, saved when valid (§5: at least 1 character), save disabled while invalid or
 * pending, the spec's toasts (§8) while it trains.
 */
import { validateCreatorText } from '@doppel/core';
import { CREATOR_TEXT_MAX_LENGTH } from '@doppel/protocol';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  DialogClose,
  DialogCloseButton,
  DialogDescription,
  DialogShell,
  DialogTitle,
} from '../components/dialog-shell';

export interface CreatorTextDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  label: string;
  initialText: string;
  placeholder?: string;
  saveLabel: string;
  /** The spec's toasts: while saving, after, and on failure. */
  messages: { pending: string; success: string; failure: string };
  save: (text: string) => Promise<unknown>;
}

export function CreatorTextDialog(props: CreatorTextDialogProps) {
  const { open, onOpenChange, title, description, label, initialText, placeholder, saveLabel, messages } =
    props;
  const id = useId();
  const [text, setText] = useState(initialText);
  const [saving, setSaving] = useState(false);
  const check = validateCreatorText(text);

  const submit = async (): Promise<void> => {
    if (!check.ok || saving) return;
    setSaving(true);
    const toastId = toast.loading(messages.pending);
    try {
      await props.save(check.text);
      toast.success(messages.success, { id: toastId });
      onOpenChange(false);
    } catch {
      toast.error(messages.failure, { id: toastId });
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogShell open={open} onOpenChange={onOpenChange} className="dialog-content creator-dialog">
      <div className="dialog-head">
        <DialogTitle className="dialog-title">{title}</DialogTitle>
        <DialogCloseButton />
      </div>
      <DialogDescription className="dialog-description">{description}</DialogDescription>
      <form
        className="creator-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="field-label-row">
          <label htmlFor={`${id}-text`} className="field-label">
            {label}
          </label>
          <span
            id={`${id}-counter`}
            className={check.ok || !check.error ? 'field-counter' : 'field-counter is-over'}
          >
            {text.trim().length}/{CREATOR_TEXT_MAX_LENGTH}
          </span>
        </div>
        <textarea
          id={`${id}-text`}
          className="field-input"
          rows={6}
          value={text}
          placeholder={placeholder}
          required
          aria-invalid={!check.ok && check.error !== null}
          aria-describedby={`${id}-counter`}
          onChange={(event) => setText(event.target.value)}
        />
        {!check.ok && check.error && (
          <p className="field-error" role="alert">
            {check.error}
          </p>
        )}
        <div className="creator-actions">
          <DialogClose className="btn btn-ghost" type="button">
            Cancel
          </DialogClose>
          <button type="submit" className="btn btn-primary" disabled={!check.ok || saving} aria-busy={saving}>
            {saveLabel}
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
