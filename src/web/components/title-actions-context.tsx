import { createContext, type ReactNode, useContext } from 'react';
import type { TitleDetails, TitleSummary } from '@shared/catalogue';

/**
 * Where the title pages get their favorite, watchlist, rate and watching actions from. The titles
 * feature may not import the lists feature, so the app provides the render functions (app/title-actions.tsx)
 * and content cards and the details page read them here. By default nothing is rendered.
 */
export interface TitleActions {
  /** Small icon buttons over a content card's poster. */
  card?: (title: TitleSummary) => ReactNode;
  /** The action buttons (and favorited-by count) of the details page. */
  details?: (title: TitleDetails) => ReactNode;
  /** The Discussions section (title and genre forums) of the details page. */
  discussions?: (title: TitleDetails) => ReactNode;
}

const TitleActionsContext = createContext<TitleActions>({});

export function TitleActionsProvider({ value, children }: { value: TitleActions; children: ReactNode }) {
  return <TitleActionsContext.Provider value={value}>{children}</TitleActionsContext.Provider>;
}

export function useTitleActions(): TitleActions {
  return useContext(TitleActionsContext);
}
