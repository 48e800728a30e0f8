import { useTitleActions } from '@/components/title-actions-context';
import type { TitleDetails } from '@shared/catalogue';

/*
 * Places kept free on the details page for features that arrive with their own issues.
 * They render nothing until then; do not fill them here.
 */

/** Favorites (with rating and favorited-by count), watchlist and currently-watching actions, as the app provides them. */
export function TitleActionsSlot({ title }: { title: TitleDetails }) {
  const { details } = useTitleActions();
  return details ? details(title) : null;
}

/** The Discussions section (title and genre forums), as the app provides it. */
export function DiscussionsSlot({ title }: { title: TitleDetails }) {
  const { discussions } = useTitleActions();
  return discussions ? discussions(title) : null;
}
