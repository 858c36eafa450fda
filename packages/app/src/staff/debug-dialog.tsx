/**
 * @module The staff debug dialog per message (spec/chat.md §2, §6, §8; issue 10 §6): the message's
 * timestamp (ISO-8601), ids, sender, citations and files, each copied with the spec's confirmation,
 * and the retrieval behind a clone answer (how it was found, the query, passages and their ranks).
 */
import type { MessageDebug } from '@doppel/protocol';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../api';
import { fetchMessageDebug } from '../api/message-debug';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from '../components/dialog-shell';
import { CopyIcon } from '../components/icons';
import { useServices } from '../services';
import './staff.css';

interface DebugDialogProps {
  messageId: string;
  onClose: () => void;
}

const SOURCE_LABELS: Record<NonNullable<MessageDebug['retrieval']>['source'], string> = {
  knowledge: "Retrieved from the clone's knowledge",
  'creator-answer': "A creator's revised answer",
  profile: "Composed from the clone's profile",
};

/** The copyable fields, in the spec's order (§8: 'Copied Timestamp' … 'Copied Sender'). */
function fields(debug: MessageDebug): { label: string; value: string; shown: string }[] {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    { label: 'Timestamp', value: debug.createdAt, shown: debug.createdAt },
    { label: 'Message ID', value: debug.id, shown: debug.id },
    { label: 'Conversation ID', value: debug.conversationId, shown: debug.conversationId },
    {
      label: 'Citations',
      value: json(debug.citations),
      shown:
        debug.citations.length === 0
          ? 'None'
          : `${debug.citations.length} (${debug.citations.filter((c) => c.used).length} used)`,
    },
    {
      label: 'Files',
      value: json(debug.files),
      shown: debug.files.length === 0 ? 'None' : debug.files.map((f) => f.name).join(', '),
    },
    {
      label: 'Sender',
      value: debug.sender,
      shown: debug.sender + (debug.fromStudio ? ' (from the studio)' : ''),
    },
  ];
}

export default function DebugDialog({ messageId, onClose }: DebugDialogProps) {
  const { api } = useServices();
  const [state, setState] = useState<{ debug: MessageDebug } | { error: string } | null>(null);

  useEffect(() => {
    let live = true;
    fetchMessageDebug(api, messageId).then(
      (debug) => live && setState({ debug }),
      (error: unknown) => live && setState({ error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, messageId]);

  const copy = async (label: string, value: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`Copied ${label}`);
    } catch {
      toast.error(`Could not copy the ${label.toLowerCase()}.`);
    }
  };

  return (
    <DialogShell
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="dialog-content debug-dialog"
    >
      <div className="dialog-head">
        <DialogTitle className="dialog-title">Debug message</DialogTitle>
        <DialogCloseButton />
      </div>
      <DialogDescription className="dialog-description">
        What is stored for this message, for staff.
      </DialogDescription>
      {state === null ? (
        <p className="debug-status" role="status" aria-busy="true">
          Loading…
        </p>
      ) : 'error' in state ? (
        <p className="field-error" role="alert">
          {state.error}
        </p>
      ) : (
        <div className="debug-body">
          <dl className="debug-fields">
            {fields(state.debug).map((field) => (
              <div className="debug-field" key={field.label}>
                <dt>{field.label}</dt>
                <dd>
                  <code>{field.shown}</code>
                  <button
                    type="button"
                    className="icon-btn icon-btn-sm"
                    aria-label={`Copy ${field.label}`}
                    title={`Copy ${field.label}`}
                    onClick={() => void copy(field.label, field.value)}
                  >
                    <CopyIcon />
                  </button>
                </dd>
              </div>
            ))}
          </dl>
          <section className="debug-retrieval" aria-label="Retrieval">
            <h3>Retrieval</h3>
            {state.debug.retrieval === null ? (
              <p className="debug-muted">
                {state.debug.sender === 'CLONE'
                  ? 'Not kept for this answer.'
                  : 'A visitor’s message has none.'}
              </p>
            ) : (
              <>
                <p className="debug-muted">
                  {SOURCE_LABELS[state.debug.retrieval.source]} · query <q>{state.debug.retrieval.query}</q>
                </p>
                {state.debug.retrieval.passages.length === 0 ? (
                  <p className="debug-muted">No passages.</p>
                ) : (
                  <ol className="debug-passages">
                    {state.debug.retrieval.passages.map((passage, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered; one document may give two passages.
                      <li key={index}>
                        <div className="debug-passage-head">
                          <span className="debug-passage-title">{passage.documentTitle}</span>
                          <span className="debug-score" title="Rank (higher is more relevant)">
                            {passage.rank.toFixed(3)}
                          </span>
                        </div>
                        <p>{passage.excerpt}</p>
                      </li>
                    ))}
                  </ol>
                )}
              </>
            )}
          </section>
        </div>
      )}
    </DialogShell>
  );
}
