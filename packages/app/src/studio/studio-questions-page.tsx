/**
 * @module /studio/{slug}/build/questions (spec/chat.md §2, issue 10 §5): where a clone's creators
 * edit its suggested questions, opened in a new tab from the edit link beside them. Owners only:
 * anyone else sees the clone as not found, as the API answers.
 */
import {
  SUGGESTED_QUESTION_MAX_LENGTH,
  SUGGESTED_QUESTIONS_MAX,
  SUGGESTED_QUESTIONS_SHOWN,
} from '@doppel/protocol';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { isNotFound } from '../api';
import { fetchSuggestedQuestions, saveSuggestedQuestions } from '../api/creator-tools';
import { CloseIcon, PlusIcon } from '../components/icons';
import { LoadError, NotFound } from '../components/not-found';
import { SiteHeader } from '../components/site-header';
import { useDocumentTitle } from '../hooks/use-document-title';
import { profileUrl } from '../routes';
import { useServices } from '../services';
import '../components/dialog.css';
import '../pages/account-page.css';
import './studio.css';

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; error: string }
  | { status: 'ready'; name: string };

interface Row {
  key: number;
  text: string;
}
let rowKeys = 0;
const toRows = (questions: readonly { question: string }[]): Row[] =>
  questions.map((q) => ({ key: ++rowKeys, text: q.question }));

export default function StudioQuestionsPage({ slug }: { slug: string }) {
  useSignals();
  const id = useId();
  const { api, session, login } = useServices();
  const user = session.user.value;
  const sessionLoading = session.status.value === 'loading';
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [rows, setRows] = useState<Row[]>([]);
  const [saved, setSaved] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useDocumentTitle(`Suggested questions${load.status === 'ready' ? ` · ${load.name}` : ''} | Doppel Studio`);

  const fetchQuestions = useCallback(async () => {
    setLoad({ status: 'loading' });
    try {
      const answer = await fetchSuggestedQuestions(api, slug);
      setRows(toRows(answer.questions));
      setSaved(answer.questions.map((q) => q.question));
      setLoad({ status: 'ready', name: answer.name });
    } catch (error) {
      setLoad(
        isNotFound(error)
          ? { status: 'missing' }
          : { status: 'error', error: 'The questions could not be loaded.' },
      );
    }
  }, [api, slug]);

  useEffect(() => {
    if (!sessionLoading && user) void fetchQuestions();
  }, [fetchQuestions, sessionLoading, user]);

  const texts = rows.map((row) => row.text.trim());
  const valid = texts.every((text) => text.length > 0 && text.length <= SUGGESTED_QUESTION_MAX_LENGTH);
  const dirty = texts.length !== saved.length || texts.some((text, i) => text !== saved[i]);

  const save = async (): Promise<void> => {
    if (!valid || !dirty || saving) return;
    setSaving(true);
    const toastId = toast.loading('Saving questions...');
    try {
      const answer = await saveSuggestedQuestions(api, slug, texts);
      setRows(toRows(answer.questions));
      setSaved(answer.questions.map((q) => q.question));
      toast.success('Suggested questions saved', { id: toastId });
    } catch {
      toast.error('Failed to save suggested questions', { id: toastId });
    } finally {
      setSaving(false);
    }
  };

  if (!sessionLoading && user && load.status === 'missing') {
    return <NotFound title="Clone not found" description={`You do not manage a clone called “${slug}”.`} />;
  }

  let body: React.ReactNode;
  if (sessionLoading || (user && load.status === 'loading')) {
    body = (
      <div className="account-card card" aria-busy="true">
        <span className="skeleton" style={{ width: 220, height: 18 }} />
        <span className="skeleton" style={{ width: '100%', height: 40 }} />
        <span className="skeleton" style={{ width: '100%', height: 40 }} />
      </div>
    );
  } else if (!user) {
    body = (
      <div className="account-card card">
        <p>Sign in as a creator of this clone to edit its suggested questions.</p>
        <div>
          <button type="button" className="btn btn-primary" onClick={() => login.open()}>
            Sign in
          </button>
        </div>
      </div>
    );
  } else if (load.status === 'error') {
    body = <LoadError message={load.error} onRetry={() => void fetchQuestions()} />;
  } else {
    body = (
      <form
        className="account-card card studio-questions"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="account-muted" id={`${id}-help`}>
          Visitors see {SUGGESTED_QUESTIONS_SHOWN} of these at a time, reshuffled when there are more.
        </p>
        {rows.length === 0 && <p className="studio-empty">No suggested questions yet.</p>}
        <ol className="studio-question-list">
          {rows.map((row, index) => {
            const blank = row.text.trim().length === 0;
            return (
              <li key={row.key} className="studio-question">
                <label className="visually-hidden" htmlFor={`${id}-${row.key}`}>
                  Question {index + 1}
                </label>
                <input
                  id={`${id}-${row.key}`}
                  className="field-input"
                  value={row.text}
                  maxLength={SUGGESTED_QUESTION_MAX_LENGTH}
                  placeholder="A question visitors can ask"
                  aria-invalid={blank}
                  aria-describedby={`${id}-help`}
                  onChange={(event) =>
                    setRows(rows.map((r) => (r.key === row.key ? { ...r, text: event.target.value } : r)))
                  }
                />
                <button
                  type="button"
                  className="icon-btn icon-btn-sm"
                  aria-label={`Remove question ${index + 1}`}
                  title="Remove"
                  onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                >
                  <CloseIcon />
                </button>
              </li>
            );
          })}
        </ol>
        <div className="studio-actions">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={rows.length >= SUGGESTED_QUESTIONS_MAX}
            onClick={() => setRows([...rows, { key: ++rowKeys, text: '' }])}
          >
            <PlusIcon />
            Add question
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!valid || !dirty || saving}
            aria-busy={saving}
          >
            Save
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="page">
      <SiteHeader />
      <main className="page-main account-page studio-page" id="main">
        <div>
          <p className="studio-eyebrow">Studio{load.status === 'ready' ? ` · ${load.name}` : ''}</p>
          <h1>Suggested questions</h1>
        </div>
        {body}
        <p>
          <Link href={profileUrl(slug)}>Back to the clone’s page</Link>
        </p>
      </main>
    </div>
  );
}
