import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usage } from '../test/fixtures';
import { CreditsRing, creditsRingState } from './credits-ring';

const voice = (used: number, quota: number, over: Parameters<typeof usage>[0] = {}) =>
  usage({
    anonymous: false,
    usage: { messages: 0, voice_seconds: used, video_seconds: 0 },
    quota: { messages: 50, voice_seconds: quota, video_seconds: 0 },
    remaining: {
      messages: 50,
      voice_seconds: quota === -1 ? -1 : Math.max(0, quota - used),
      video_seconds: 0,
    },
    ...over,
  });

describe('remaining-credits ring (spec/calls.md §2)', () => {
  it('shows the fraction and whole minutes left, and opens the paywall', () => {
    expect(creditsRingState(voice(450, 600))).toEqual({ fraction: 0.25, minutes: 2 });
    const onOpen = vi.fn();
    render(<CreditsRing usage={voice(540, 600)} onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: '1 call minute left: see the memberships' });
    expect(button.className).toContain('is-danger');
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('is hidden when unlimited, unknown, with overage, and for the clone owners', () => {
    expect(creditsRingState(null)).toBeNull();
    expect(creditsRingState(voice(0, -1))).toBeNull();
    expect(creditsRingState(voice(0, 600, { billing: { is_overage_enabled: true } }))).toBeNull();
    expect(creditsRingState(voice(0, 600, { relationship: 'CREATOR' }))).toBeNull();
    render(<CreditsRing usage={voice(0, -1)} onOpen={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
