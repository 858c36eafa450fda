import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster, toast } from './lazy-sonner';

describe("the embed build's sonner", () => {
  it('renders nothing (and loads nothing) until the first toast, which then shows', async () => {
    const { container } = render(<Toaster />);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    act(() => {
      toast.error('Could not send the message.');
    });
    expect(await screen.findByText('Could not send the message.', {}, { timeout: 5_000 })).toBeTruthy();
  });
});
