import { z } from 'zod';
import type { MediaType } from '../../../shared/catalogue';
import { normalizeText } from '../../../shared/did-you-mean';
import { fromFiveStars, fromTenPoints } from '../../../shared/imports';
import { cleanText, type Kind, type ImportEntry, type Raw, type RowBudget, wrongFile, yearOf } from './parse-common';

/** The JSON lists of an import (decision 053): a Reelmates data export's, and a Trakt export's. */

// ---------------------------------------------------------------- Reelmates export

/** Our data export's `favorites.json` and `watchlist.json`, side by side (at the root or in one folder). */
export function reelmatesFiles(names: string[]): { favorites: string; watchlist: string } | null {
  for (const favorites of names) {
    const m = /^(.*\/)?favorites\.json$/i.exec(favorites);
    if (!m) continue;
    const watchlist = names.find((n) => n.toLowerCase() === `${(m[1] ?? '').toLowerCase()}watchlist.json`);
    if (watchlist) return { favorites, watchlist };
  }
  return null;
}

/** A title of favorites.json or watchlist.json as data-export's collect.ts writes it (decision 056). */
const reelmatesTitle = z
  .object({
    mediaType: z.enum(['movie', 'tv']),
    mediaId: z.number().int().positive().max(2_147_483_647),
    title: z.string(),
    releaseDate: z.string().nullish(),
    rating: z.number().nullish(),
  })
  .loose();

/** One list of a Reelmates export: favorites keep their 1–5 rating, watchlist entries their mark; both their media type and TMDB id. */
export function fromReelmatesJson(textContent: string, kind: 'rating' | 'watchlist', budget: RowBudget): Raw[] {
  let data: unknown;
  try {
    data = JSON.parse(textContent);
  } catch {
    throw wrongFile();
  }
  if (!Array.isArray(data)) throw wrongFile();
  const raws: Raw[] = [];
  for (const raw of data) {
    budget.take();
    const item = reelmatesTitle.safeParse(raw);
    if (!item.success) continue;
    const { mediaType, mediaId, title, releaseDate } = item.data;
    const rating = kind === 'rating' && typeof item.data.rating === 'number' ? fromFiveStars(item.data.rating) : null;
    const entry: ImportEntry = { name: cleanText(title), year: yearOf(releaseDate?.slice(0, 4)), imdbId: null, tmdbId: mediaId, mediaType, rating, watchlist: false };
    raws.push({ key: `${mediaType}:${mediaId}`, entry, kind: kind === 'rating' && rating === null ? 'watched' : kind });
  }
  if (!raws.length && data.length) throw wrongFile();
  return raws;
}

// ---------------------------------------------------------------- Trakt JSON

const traktIds = z.object({ tmdb: z.number().int().positive().nullish(), imdb: z.string().nullish() }).loose();
const traktTitle = z.object({ title: z.string().nullish(), year: z.number().int().nullish(), ids: traktIds }).loose();
const traktItem = z
  .object({
    type: z.string().nullish(),
    rating: z.number().nullish(),
    listed_at: z.string().nullish(),
    movie: traktTitle.nullish(),
    show: traktTitle.nullish(),
  })
  .loose();

export function fromTraktJson(textContent: string, fileName: string, budget: RowBudget): Raw[] {
  let data: unknown;
  try {
    data = JSON.parse(textContent);
  } catch {
    throw wrongFile();
  }
  const lists: { items: unknown[]; hint: Kind | null }[] = [];
  const hintOf = (name: string): Kind | null => (/watchlist/i.test(name) ? 'watchlist' : /rating/i.test(name) ? 'rating' : /watched|history/i.test(name) ? 'watched' : null);
  if (Array.isArray(data)) lists.push({ items: data, hint: hintOf(fileName) });
  else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) if (Array.isArray(value) && hintOf(key)) lists.push({ items: value, hint: hintOf(key) });
  }
  if (!lists.length) throw wrongFile();
  const raws: Raw[] = [];
  let recognised = 0;
  for (const { items, hint } of lists) {
    for (const raw of items) {
      budget.take();
      const item = traktItem.safeParse(raw);
      if (!item.success) continue;
      const it = item.data;
      const title = it.movie ?? it.show;
      if (!title || (it.type && it.type !== 'movie' && it.type !== 'show')) {
        if (it.type) recognised++;
        continue;
      }
      recognised++;
      const mediaType: MediaType = it.movie ? 'movie' : 'tv';
      const kind: Kind = hint ?? (typeof it.rating === 'number' ? 'rating' : it.listed_at ? 'watchlist' : 'watched');
      const rating = kind === 'rating' && typeof it.rating === 'number' ? fromTenPoints(it.rating) : null;
      const tmdbId = title.ids.tmdb ?? null;
      const imdbId = title.ids.imdb && /^tt\d{1,10}$/.test(title.ids.imdb) ? title.ids.imdb : null;
      const name = cleanText(title.title ?? '');
      const entry: ImportEntry = { name, year: title.year ?? null, imdbId, tmdbId, mediaType, rating, watchlist: false };
      const key = tmdbId ? `${mediaType}:${tmdbId}` : imdbId ? imdbId : `${normalizeText(name)}|${title.year ?? ''}`;
      raws.push({ key, entry, kind: kind === 'rating' && rating === null ? 'watched' : kind });
    }
  }
  if (!recognised && lists.some((l) => l.items.length)) throw wrongFile();
  return raws;
}
