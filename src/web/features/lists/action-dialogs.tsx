import { type RefObject, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { FollowUpDialog } from './follow-up-dialog';
import { RatingDialog } from './rating-dialog';
import type { ActionTitle, ListActions } from './use-list-actions';

export type ActionDialog = 'rate' | 'remove-favorite' | 'remove-watchlist' | 'follow-up' | null;

/** Which of a title's dialogs is open; guests get 'Please log in' instead of a dialog. */
export function useActionDialog(actions: ListActions) {
  const [dialog, setDialog] = useState<ActionDialog>(null);
  // The control that opened the first dialog: the follow-up opens after the rating dialog has closed,
  // so it cannot tell on its own where the keyboard focus should go back to.
  const opener = useRef<HTMLElement | null>(null);
  return {
    dialog,
    setDialog,
    opener,
    open: (d: Exclude<ActionDialog, null>) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (actions.requireSignIn()) setDialog(d);
    },
  };
}

/** The rating dialog, the removal confirmations and the follow-up after a new favorite. */
export function ActionDialogs({
  title,
  actions,
  dialog,
  setDialog,
  opener,
}: {
  title: ActionTitle;
  actions: ListActions;
  dialog: ActionDialog;
  setDialog: (d: ActionDialog) => void;
  opener?: RefObject<HTMLElement | null>;
}) {
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <>
      <RatingDialog
        open={dialog === 'rate'}
        onOpenChange={close}
        title={title.title}
        initial={actions.rating}
        onConfirm={(stars) => {
          setDialog(null);
          void actions.rate(stars).then((result) => {
            if (result === 'created') setDialog('follow-up');
          });
        }}
      />
      <ConfirmDialog
        open={dialog === 'remove-favorite'}
        onOpenChange={close}
        title="Remove from favorites?"
        description={`${title.title} will be removed from your favorites.`}
        confirmLabel="Remove"
        onConfirm={() => void actions.removeFavorite()}
      />
      <ConfirmDialog
        open={dialog === 'remove-watchlist'}
        onOpenChange={close}
        title="Remove from watchlist?"
        description={`${title.title} will be removed from your watchlist.`}
        confirmLabel="Remove"
        onConfirm={() => void actions.removeFromWatchlist()}
      />
      <FollowUpDialog
        title={title}
        open={dialog === 'follow-up'}
        onOpenChange={close}
        onCloseAutoFocus={(event) => {
          const back = opener?.current;
          if (!back?.isConnected) return;
          event.preventDefault();
          back.focus();
        }}
      />
    </>
  );
}
