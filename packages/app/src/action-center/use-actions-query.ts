/**
 * @module The talk page's `actions` and `citations` queries (spec/chat.md §2; issue 10 §7): read
 * once the session is known, removed from the address (as `paywall` is), and turned into what
 * they open — an Action Center surface, the sign-in dialog, the history drawer, or the citations
 * overlay of a message, focused on a used or relevant source.
 */
import { actionsQueryTarget, parseActionsQuery, parseCitationsQuery } from '@doppel/core';
import type { ActionsQueryValue, CitationsQuery } from '@doppel/protocol';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface ActionsQueryRequests {
  /** For the Action Center (a new object for each request). */
  action: { target: ActionsQueryValue } | null;
  /** Opens the history drawer when positive. */
  history: number;
}

export function useActionsQuery(input: {
  sessionReady: boolean;
  signedIn: boolean;
  available: (value: ActionsQueryValue) => boolean;
  openCitations: (messageId: string, n: number | null) => void;
}): ActionsQueryRequests {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const asked = useRef<{ action: ActionsQueryValue | null; citations: CitationsQuery | null } | null>(null);
  if (asked.current === null && (params.has('actions') || params.has('citations'))) {
    asked.current = {
      action: parseActionsQuery(params.get('actions')),
      citations: parseCitationsQuery(params.get('citations')),
    };
  }
  const [requests, setRequests] = useState<ActionsQueryRequests>({ action: null, history: 0 });

  // Removed from the address at once, so a reload or a shared link does not open them again.
  useEffect(() => {
    if (!params.has('actions') && !params.has('citations')) return;
    params.delete('actions');
    params.delete('citations');
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
  });

  const { sessionReady, signedIn, available, openCitations } = input;
  useEffect(() => {
    const pending = asked.current;
    if (!sessionReady || !pending || (pending.action === null && pending.citations === null)) return;
    asked.current = { action: null, citations: null };
    if (pending.citations) {
      const { messageId, citation, relevant } = pending.citations;
      openCitations(messageId, citation ?? relevant);
    }
    const target = pending.action ? actionsQueryTarget(pending.action, { signedIn, available }) : null;
    if (target === 'history') setRequests((r) => ({ ...r, history: r.history + 1 }));
    else if (target) setRequests((r) => ({ ...r, action: { target } }));
  }, [sessionReady, signedIn, available, openCitations]);

  return requests;
}
