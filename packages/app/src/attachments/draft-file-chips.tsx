/** @module The draft's files above the prompt: name, pending / uploaded / failed, and a remove button. */
import { DraftFileStatus } from '@doppel/core';
import type { DraftAttachment } from '../conversation/draft-files';

const STATUS = {
  [DraftFileStatus.PENDING]: 'Uploading',
  [DraftFileStatus.SUCCESS]: 'Uploaded',
  [DraftFileStatus.FAILED]: 'Upload failed.',
} as const;

export function DraftFileChips({
  files,
  onRemove,
}: {
  files: readonly DraftAttachment[];
  onRemove(id: string): void;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="draft-files" aria-label="Attached files">
      {files.map((f) => (
        <li
          key={f.id}
          className={`draft-file is-${f.status === DraftFileStatus.PENDING ? 'pending' : f.status === DraftFileStatus.SUCCESS ? 'success' : 'failed'}`}
          title={f.error ?? STATUS[f.status]}
        >
          {f.file?.kind === 'image' ? (
            <img src={f.file.url} alt="" className="draft-file-thumb" />
          ) : (
            <span className="draft-file-icon" aria-hidden="true">
              ▤
            </span>
          )}
          <span className="draft-file-name">{f.name}</span>
          <span className="draft-file-status">{STATUS[f.status]}</span>
          <button
            type="button"
            className="draft-file-remove"
            aria-label={`Remove ${f.name}`}
            onClick={() => onRemove(f.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
