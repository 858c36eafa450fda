import { describe, expect, it } from 'vitest';
import { resourcePermission } from './resource-permission';

describe('resourcePermission', () => {
  it('names the permission of each resource', () => {
    expect(resourcePermission('messages')).toBe('can_send_message');
    expect(resourcePermission('voice_seconds')).toBe('can_make_call');
    expect(resourcePermission('video_seconds')).toBe('can_make_video_call');
  });
});
