/**
 * @module The files of the draft (spec/chat.md §3 Draft file, §4 Files, §5, §9), framework-neutral:
 * each is pending while it uploads, then success (with its stored file) or failed; at most 3; the
 * successful ones go with the next message and leave the draft then.
 */
import { canAttachMore, DraftFileStatus, filesThatFit, sanitizeFileName } from '@doppel/core';
import { MAX_DRAFT_FILES, type UploadedFile } from '@doppel/protocol';
import { computed, type ReadonlySignal, signal } from '@preact/signals-core';

export interface DraftAttachment {
  id: string;
  /** The sanitised name, as the server will keep it. */
  name: string;
  status: DraftFileStatus;
  /** The stored file once the upload succeeded. */
  file: UploadedFile | null;
  /** Why the upload failed. */
  error: string | null;
}

export interface DraftFilesOptions {
  upload(file: File): Promise<UploadedFile>;
  notify: { error(message: string): void };
}

let counter = 0;

export function createDraftFiles(options: DraftFilesOptions) {
  const files = signal<DraftAttachment[]>([]);
  const canAttach = computed(() => canAttachMore(files.value));
  const pending = computed(() => files.value.some((f) => f.status === DraftFileStatus.PENDING));
  const update = (id: string, change: Partial<DraftAttachment>): void => {
    files.value = files.value.map((f) => (f.id === id ? { ...f, ...change } : f));
  };

  /** Starts uploading the picked files that fit (spec/chat.md §9: 3 at most). */
  function attach(picked: readonly File[]): void {
    const fitting = picked.slice(0, filesThatFit(files.peek().length, picked.length));
    if (fitting.length < picked.length)
      options.notify.error(`You can attach up to ${MAX_DRAFT_FILES} files.`);
    for (const file of fitting) {
      counter += 1;
      const id = `draft-file-${counter}`;
      files.value = [
        ...files.peek(),
        { id, name: sanitizeFileName(file.name), status: DraftFileStatus.PENDING, file: null, error: null },
      ];
      options.upload(file).then(
        (stored) => update(id, { status: DraftFileStatus.SUCCESS, file: stored }),
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          update(id, { status: DraftFileStatus.FAILED, error: reason });
          options.notify.error(`Upload failed. ${reason}`);
        },
      );
    }
  }

  function remove(id: string): void {
    files.value = files.peek().filter((f) => f.id !== id);
  }

  /** The uploaded files, taken out of the draft (they go with the message being sent). */
  function takeUploaded(): UploadedFile[] {
    const done = files
      .peek()
      .flatMap((f) => (f.status === DraftFileStatus.SUCCESS && f.file ? [f.file] : []));
    files.value = files.peek().filter((f) => f.status !== DraftFileStatus.SUCCESS);
    return done;
  }

  return {
    files: files as ReadonlySignal<DraftAttachment[]>,
    canAttach,
    pending,
    attach,
    remove,
    takeUploaded,
    clear: () => {
      files.value = [];
    },
  };
}

export type DraftFiles = ReturnType<typeof createDraftFiles>;
