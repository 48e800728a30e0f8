import type { TitleSummary } from '@shared/catalogue';
import { normalizeText } from '@shared/did-you-mean';
import { titleKey, uniqueTitles } from './title-list';

export type RelatedKind = 'all' | 'movie' | 'tv';

/** Related titles worth showing: each once, with a poster, not the title itself (`exclude` key), of the chosen kind, matching the search text. */
export function filterRelated(titles: readonly TitleSummary[], kind: RelatedKind, search: string, exclude?: string): TitleSummary[] {
  const q = normalizeText(search);
  return uniqueTitles(titles).filter((t) => !!t.posterUrl && titleKey(t) !== exclude && (kind === 'all' || t.mediaType === kind) && (!q || normalizeText(t.title).includes(q)));
}
