/**
 * @module The creator tools under a clone answer (issue 10 §5, spec/chat.md §2, §6): revise the
 * answer and adjust the speaking style. Loaded only when the talk page shows them to an owner.
 */
import { stripCitationMarkers } from '@doppel/core';
import { useState } from 'react';
import { adjustTone, improveAnswer } from '../api/creator-tools';
import { EditIcon, Svg } from '../components/icons';
import { useServices } from '../services';
import { CreatorTextDialog } from './creator-text-dialog';
import './creator.css';

interface CreatorToolsProps {
  messageId: string;
  /** The answer as shown, the starting point of a revision. */
  text: string;
  /** The visitor's question the answer replied to, when there is one. */
  question: string | null;
}

/** A speech bubble with a wave: the speaking style. */
const ToneIcon = () => (
  <Svg>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 11c1-2 2-2 3 0s2 2 3 0 2-2 3 0" />
  </Svg>
);

export default function CreatorTools({ messageId, text, question }: CreatorToolsProps) {
  const { api } = useServices();
  const [open, setOpen] = useState<'revise' | 'tone' | null>(null);
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  return (
    <>
      <button
        type="button"
        className="icon-btn icon-btn-sm creator-tool"
        aria-label="Revise answer"
        title="Revise answer"
        aria-haspopup="dialog"
        onClick={() => setOpen('revise')}
      >
        <EditIcon />
      </button>
      <button
        type="button"
        className="icon-btn icon-btn-sm creator-tool"
        aria-label="Adjust speaking style"
        title="Adjust speaking style"
        aria-haspopup="dialog"
        onClick={() => setOpen('tone')}
      >
        <ToneIcon />
      </button>
      {open === 'revise' && (
        <CreatorTextDialog
          open
          onOpenChange={close}
          title="Revise answer"
          description={
            question ? (
              <>
                Your clone will give this answer to <q className="creator-question">{question}</q> and
                questions like it, cited as your own answer.
              </>
            ) : (
              'Your clone will give this answer to the question before it, and questions like it.'
            )
          }
          label="Improved answer"
          initialText={stripCitationMarkers(text)}
          saveLabel="Save answer"
          messages={{ pending: 'Training...', success: 'Clone improved!', failure: 'Failed to train clone.' }}
          save={(idealResponse) => improveAnswer(api, messageId, idealResponse)}
        />
      )}
      {open === 'tone' && (
        <CreatorTextDialog
          open
          onOpenChange={close}
          title="Adjust speaking style"
          description="Tell your clone how it should sound. It applies to every answer from now on."
          label="Speaking style"
          initialText=""
          placeholder="For example: shorter answers, more casual, no jargon."
          saveLabel="Adjust style"
          messages={{
            pending: 'Revising...',
            success: 'Speaking style adjusted!',
            failure: 'Failed to adjust speaking style.',
          }}
          save={(toneFeedback) => adjustTone(api, messageId, toneFeedback)}
        />
      )}
    </>
  );
}
