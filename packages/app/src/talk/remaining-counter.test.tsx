import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usage } from '../test/fixtures';
import { RemainingCounter } from './remaining-counter';

const messages = (used: number, quota: number) => ({
  usage: { messages: used, voice_seconds: 0, video_seconds: 0 },
  quota: { messages: quota, voice_seconds: 0, video_seconds: 0 },
});

describe('remaining-messages counter', () => {
  it('says how many messages are left, in the normal colour above 3', () => {
    render(<RemainingCounter usage={usage(messages(3, 10))} requireEmail />);
    const counter = screen.getByText('7 messages left');
    expect(counter.className).toBe('remaining-counter');
  });

  it('turns red at 3 or fewer, with the singular for one', () => {
    const { rerender } = render(<RemainingCounter usage={usage(messages(7, 10))} requireEmail />);
    expect(screen.getByText('3 messages left').className).toContain('is-danger');
    rerender(<RemainingCounter usage={usage(messages(9, 10))} requireEmail />);
    expect(screen.getByText('1 message left').className).toContain('is-danger');
    rerender(<RemainingCounter usage={usage(messages(12, 10))} requireEmail />);
    expect(screen.getByText('0 messages left').className).toContain('is-danger');
  });

  it('is hidden with overage on, without required e-mail, for an unlimited quota, or while usage is unknown', () => {
    const { container, rerender } = render(
      <RemainingCounter
        usage={usage({ ...messages(3, 10), billing: { is_overage_enabled: true } })}
        requireEmail
      />,
    );
    expect(container.textContent).toBe('');
    rerender(<RemainingCounter usage={usage(messages(3, 10))} requireEmail={false} />);
    expect(container.textContent).toBe('');
    rerender(<RemainingCounter usage={usage(messages(3, -1))} requireEmail />);
    expect(container.textContent).toBe('');
    rerender(<RemainingCounter usage={null} requireEmail />);
    expect(container.textContent).toBe('');
  });
});
