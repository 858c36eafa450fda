import { describe, expect, it } from 'vitest';
import { canSend } from './can-send';
import { DraftFileStatus } from './draft-file';

const file = (status: DraftFileStatus) => ({ id: 'f', status });

describe('canSend', () => {
  it('sends non-blank text', () => {
    expect(canSend({ text: 'Hello', files: [], pending: false })).toBe(true);
    expect(canSend({ text: '  Hello\n', files: [], pending: false })).toBe(true);
  });

  it('needs non-blank text, even with files attached', () => {
    expect(canSend({ text: '', files: [], pending: false })).toBe(false);
    expect(canSend({ text: ' \n\t', files: [], pending: false })).toBe(false);
    expect(canSend({ text: '', files: [file(DraftFileStatus.SUCCESS)], pending: false })).toBe(false);
  });

  it('is blocked while a send is pending', () => {
    expect(canSend({ text: 'Hello', files: [], pending: true })).toBe(false);
  });

  it('is blocked while any file is still uploading', () => {
    expect(
      canSend({
        text: 'Hello',
        files: [file(DraftFileStatus.SUCCESS), file(DraftFileStatus.PENDING)],
        pending: false,
      }),
    ).toBe(false);
  });

  it('is allowed with uploaded or failed files', () => {
    expect(
      canSend({
        text: 'Hello',
        files: [file(DraftFileStatus.SUCCESS), file(DraftFileStatus.FAILED)],
        pending: false,
      }),
    ).toBe(true);
  });

  it('uses the spec status codes', () => {
    expect(DraftFileStatus).toEqual({ PENDING: 0, SUCCESS: 1, FAILED: 2 });
  });
});
