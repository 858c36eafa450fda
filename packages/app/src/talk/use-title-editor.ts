import { validateTitle } from '@doppel/core';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';

/**
 * The inline rename of a conversation title (spec/chat.md §5: 1–100 characters), shared by the
 * talk header and the history drawer's rows: edit, validate, save on Enter or blur, Escape
 * cancels, focus goes back to the edit button.
 */
export function useTitleEditor(title: string, rename: (title: string) => Promise<boolean>) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const escaped = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const errorId = useId();

  const close = (): void => {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const start = (): void => {
    escaped.current = false;
    setValue(title);
    setEditing(true);
  };

  const save = async (event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    if (saving || escaped.current) return;
    const check = validateTitle(value);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    if (check.title === title) {
      close();
      return;
    }
    setSaving(true);
    const ok = await rename(check.title);
    setSaving(false);
    if (ok) close();
  };

  /** Props of the title input: value, validity, change, Escape to cancel, save on blur. */
  const inputProps = {
    'aria-label': 'Conversation title',
    'aria-invalid': error !== null,
    'aria-describedby': error ? errorId : undefined,
    value,
    disabled: saving,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      setError(null);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      escaped.current = true;
      close();
    },
    onBlur: () => void save(),
  };

  return { editing, start, save, error, errorId, editButton, inputProps };
}
