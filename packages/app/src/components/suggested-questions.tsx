import { canShuffle, pickSuggestedQuestions, shuffleSuggested } from '@doppel/core';
import type { SuggestedQuestion } from '@doppel/protocol';
import { useState } from 'react';
import { ChatIcon, EditIcon, ShuffleIcon } from './icons';

interface SuggestedQuestionsProps {
  questions: SuggestedQuestion[];
  onPick: (question: string) => void;
  disabled?: boolean;
  heading?: string;
  /** Creators and contributors get a link to edit the questions in the studio (new tab). */
  editHref?: string | null;
}

/** Three suggested questions; a shuffle button only when more than three exist (spec/chat.md §9). */
export function SuggestedQuestions({
  questions,
  onPick,
  disabled,
  heading = 'Ask me about',
  editHref,
}: SuggestedQuestionsProps) {
  const [shown, setShown] = useState(() => pickSuggestedQuestions(questions));
  if (questions.length === 0) return null;
  return (
    <section className="suggested" aria-label="Suggested questions">
      <div className="suggested-head">
        <h2>{heading}</h2>
        {editHref && (
          <a className="suggested-edit" href={editHref} target="_blank" rel="noopener">
            <EditIcon />
            Edit suggested questions
          </a>
        )}
        {canShuffle(questions) && (
          <button
            type="button"
            className="icon-btn icon-btn-sm"
            aria-label="Shuffle suggested questions"
            title="Shuffle"
            onClick={() => setShown((current) => shuffleSuggested(questions, current))}
          >
            <ShuffleIcon />
          </button>
        )}
      </div>
      <ul className="suggested-list">
        {shown.map((q) => (
          <li key={q.id}>
            <button
              type="button"
              className="suggested-question"
              disabled={disabled}
              onClick={() => onPick(q.question)}
            >
              <span>{q.question}</span>
              <ChatIcon />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
