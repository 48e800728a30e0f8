import {
  CAST_LIMIT,
  genreNames,
  youtubeSearchUrl,
  type MediaType,
  type Page,
  type PersonSummary,
  type SeasonDetails,
  type TitleDetails,
  type TitleSummary,
  type WatchProvider,
  type WatchProviders,
} from '../../../../shared/catalogue';
import { parentalGuide } from '../../../../shared/parental-guide';
import type { TmdbDetails, TmdbListItem, TmdbPage, TmdbPerson, TmdbProvider, TmdbSeason, TmdbWatchRegion } from './tmdb-types';

/** TMDB payloads -> Reelmates types. Pure functions, so they are tested against recorded shapes. */

const IMAGE_BASE = 'https://image.tmdb.org/t/p/';
export type ImageSize = 'w45' | 'w185' | 'w300' | 'w500' | 'w1280';
/** Sizes from GET /configuration: posters w500, backdrops w1280, profiles and logos w185, provider logos w45, stills w300. */
export const imageUrl = (size: ImageSize, path: string | null | undefined): string | null => (path ? `${IMAGE_BASE}${size}${path}` : null);

const dateOrNull = (value: string | null | undefined): string | null => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);
const yearOf = (date: string | null): number | null => (date ? Number(date.slice(0, 4)) : null);

export function toTitleSummary(item: TmdbListItem, fallbackType: MediaType): TitleSummary {
  const mediaType = item.media_type === 'movie' || item.media_type === 'tv' ? item.media_type : fallbackType;
  const releaseDate = dateOrNull(mediaType === 'movie' ? item.release_date : item.first_air_date);
  const genreIds = item.genre_ids ?? [];
  return {
    id: item.id,
    mediaType,
    title: item.title ?? item.name ?? '',
    overview: item.overview ?? '',
    posterUrl: imageUrl('w500', item.poster_path),
    backdropUrl: imageUrl('w1280', item.backdrop_path),
    releaseDate,
    year: yearOf(releaseDate),
    voteAverage: item.vote_average ?? 0,
    voteCount: item.vote_count ?? 0,
    popularity: item.popularity ?? 0,
    genreIds,
    genres: genreNames(genreIds),
    certification: null,
  };
}

/** A page of titles; people in mixed results (trending/all) are dropped. */
export function toTitlePage(page: TmdbPage<TmdbListItem>, fallbackType: MediaType): Page<TitleSummary> {
  return {
    page: page.page,
    totalPages: page.total_pages,
    totalResults: page.total_results,
    results: page.results.filter((r) => r.media_type !== 'person').map((r) => toTitleSummary(r, fallbackType)),
  };
}

export const toPersonSummary = (p: TmdbPerson): PersonSummary => ({
  id: p.id,
  name: p.name,
  profileUrl: imageUrl('w185', p.profile_path),
  knownForDepartment: p.known_for_department ?? null,
});

/** Movies: the first non-empty certification of the US release dates. TV: the US content rating. */
export function usCertification(details: TmdbDetails, type: MediaType): string | null {
  if (type === 'movie') {
    const us = details.release_dates?.results?.find((r) => r.iso_3166_1 === 'US');
    return us?.release_dates?.find((d) => d.certification?.trim())?.certification?.trim() ?? null;
  }
  return details.content_ratings?.results?.find((r) => r.iso_3166_1 === 'US')?.rating?.trim() || null;
}

export function toWatchProvider(p: TmdbProvider): WatchProvider {
  return { providerId: p.provider_id, providerName: p.provider_name, logoUrl: imageUrl('w45', p.logo_path) };
}

export function toWatchProviders(region: TmdbWatchRegion | undefined): WatchProviders {
  return {
    link: region?.link ?? null,
    flatrate: (region?.flatrate ?? []).map(toWatchProvider),
    rent: (region?.rent ?? []).map(toWatchProvider),
    buy: (region?.buy ?? []).map(toWatchProvider),
  };
}

/** GET /watch/providers/{type}?watch_region=US, in TMDB's US display order. */
export function toProviderList(results: TmdbProvider[]): WatchProvider[] {
  const priority = (p: TmdbProvider) => p.display_priorities?.US ?? p.display_priority ?? Number.MAX_SAFE_INTEGER;
  return [...results].sort((a, b) => priority(a) - priority(b)).map(toWatchProvider);
}

export function toTitleDetails(details: TmdbDetails, type: MediaType): TitleDetails {
  const genreIds = details.genres?.map((g) => g.id) ?? details.genre_ids ?? [];
  const summary = toTitleSummary({ ...details, media_type: type, genre_ids: genreIds }, type);
  const certification = usCertification(details, type);
  const keywords = (details.keywords?.keywords ?? details.keywords?.results ?? []).map((k) => k.name);
  const trailer = details.videos?.results?.find((v) => v.type === 'Trailer' && v.site === 'YouTube');
  const runtime = type === 'movie' ? details.runtime : (details.episode_run_time?.[0] ?? details.last_episode_to_air?.runtime);
  return {
    ...summary,
    genres: details.genres?.map((g) => g.name) ?? summary.genres,
    certification,
    runtime: runtime || null,
    numberOfSeasons: type === 'tv' ? (details.number_of_seasons ?? details.seasons?.filter((s) => s.season_number > 0).length ?? 0) : null,
    seasons: (details.seasons ?? []).map((s) => ({
      seasonNumber: s.season_number,
      name: s.name ?? `Season ${s.season_number}`,
      airDate: dateOrNull(s.air_date),
      episodeCount: s.episode_count ?? 0,
      posterUrl: imageUrl('w500', s.poster_path),
    })),
    tagline: details.tagline ?? '',
    cast: (details.credits?.cast ?? []).slice(0, CAST_LIMIT).map((c) => ({
      id: c.id,
      name: c.name,
      character: c.character ?? '',
      profileUrl: imageUrl('w185', c.profile_path),
    })),
    companies: (details.production_companies ?? []).map((c) => ({ id: c.id, name: c.name, logoUrl: imageUrl('w185', c.logo_path) })),
    trailer: trailer
      ? { site: 'YouTube', key: trailer.key, url: `https://www.youtube.com/watch?v=${encodeURIComponent(trailer.key)}` }
      : { site: 'YouTube', key: null, url: youtubeSearchUrl(summary.title, summary.year) },
    keywords,
    parentalGuide: parentalGuide(certification, keywords),
    watchProviders: toWatchProviders(details['watch/providers']?.results?.US),
  };
}

export function toSeasonDetails(season: TmdbSeason): SeasonDetails {
  return {
    seasonNumber: season.season_number,
    name: season.name ?? `Season ${season.season_number}`,
    airDate: dateOrNull(season.air_date),
    overview: season.overview ?? '',
    episodes: (season.episodes ?? []).map((e) => ({
      episodeNumber: e.episode_number,
      name: e.name ?? `Episode ${e.episode_number}`,
      airDate: dateOrNull(e.air_date),
      overview: e.overview ?? '',
      runtime: e.runtime || null,
      stillUrl: imageUrl('w300', e.still_path),
    })),
  };
}
