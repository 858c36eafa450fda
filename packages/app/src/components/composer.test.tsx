import { MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from '@doppel/protocol';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

const renderComposer = (value: string, onSubmit = vi.fn()) => {
  render(<Composer value={value} onChange={() => undefined} onSubmit={onSubmit} placeholder="Message" />);
  return { onSubmit, box: screen.getByRole('textbox', { name: 'Message' }) };
};

describe('Composer', () => {
  it('shows no counter for an ordinary message', () => {
    renderComposer('How do you sharpen a plane iron?');
    expect(screen.queryByText(/\/4,000$/)).toBeNull();
  });

  it('shows a counter near the limit', () => {
    const { box } = renderComposer('x'.repeat(3_700));
    expect(screen.getByText('3,700/4,000')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a message past the limit and says why', () => {
    const { box, onSubmit } = renderComposer('x'.repeat(MESSAGE_MAX_LENGTH + 100));
    expect(screen.getByText('4,100/4,000').className).toContain('is-over');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(MESSAGE_TOO_LONG);
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
