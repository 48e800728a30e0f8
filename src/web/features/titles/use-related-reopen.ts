import { type MouseEvent, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import type { TitleSummary } from '@shared/catalogue';
import { detailsPath } from './title-list';

/** What a details page keeps in its history entry. */
export interface DetailsHistoryState {
  /** Set on the entry we leave through the Related Titles modal: coming back reopens it. */
  reopenRelated?: boolean;
  /** Set by a link that wants the details page to keep the scroll position. */
  preserveScroll?: boolean;
}

const REOPEN_DELAY_MS = 100;

/**
 * The Related Titles modal's open state. Picking a related title marks the current history entry,
 * then navigates; going Back to that entry reopens the modal after 100 ms (spec 001 §2).
 */
export function useRelatedModal() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const state = location.state as DetailsHistoryState | null;
  const [open, setOpen] = useState(false);
  const reopen = navigationType === 'POP' && state?.reopenRelated === true;

  useEffect(() => {
    if (!reopen) return;
    const timer = setTimeout(() => setOpen(true), REOPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reopen, location.key]);

  const here = location.pathname + location.search;
  const onOpenChange = useCallback(
    (next: boolean) => {
      setOpen(next);
      // Closed by hand: a later Back to this entry should not reopen it.
      if (!next && state?.reopenRelated) void navigate(here, { replace: true, state: { ...state, reopenRelated: false } });
    },
    [navigate, here, state],
  );

  const pick = useCallback(
    async (title: TitleSummary, event: MouseEvent<HTMLAnchorElement>) => {
      // New tab, new window and the like are left to the browser.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      await navigate(here, { replace: true, state: { ...state, reopenRelated: true } });
      await navigate(detailsPath(title));
    },
    [navigate, here, state],
  );

  return { open, onOpenChange, pick };
}
