/**
 * The parts of TMDB v3 payloads the adapter reads (see /work/shared/tmdb for recorded responses).
 * Everything is optional because TMDB omits or nulls fields freely; these types never leave tmdb/.
 */

export interface TmdbPage<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
}

/** A title in list results (search, discover, trending, popular, recommendations, credits). */
export interface TmdbListItem {
  id: number;
  media_type?: 'movie' | 'tv' | 'person';
  title?: string;
  name?: string;
  overview?: string;
  poster_path?: string | null;
  backdrop_path?: string | null;
  release_date?: string;
  first_air_date?: string;
  vote_average?: number;
  vote_count?: number;
  popularity?: number;
  genre_ids?: number[];
}

/** A combined_credits entry: cast rows carry character, crew rows carry job. */
export interface TmdbCredit extends TmdbListItem {
  character?: string;
  job?: string;
}

export interface TmdbCombinedCredits {
  cast?: TmdbCredit[];
  crew?: TmdbCredit[];
}

export interface TmdbPerson {
  id: number;
  name: string;
  profile_path?: string | null;
  known_for_department?: string;
  popularity?: number;
}

export interface TmdbProvider {
  provider_id: number;
  provider_name: string;
  logo_path?: string | null;
  display_priority?: number;
  display_priorities?: Record<string, number>;
}

export interface TmdbWatchRegion {
  link?: string;
  flatrate?: TmdbProvider[];
  rent?: TmdbProvider[];
  buy?: TmdbProvider[];
}

export interface TmdbSeasonSummary {
  season_number: number;
  name?: string;
  air_date?: string | null;
  episode_count?: number;
  poster_path?: string | null;
}

/** GET /movie/{id} or /tv/{id} with append_to_response=credits,videos,release_dates|content_ratings,keywords,watch/providers */
export interface TmdbDetails extends TmdbListItem {
  genres?: { id: number; name: string }[];
  runtime?: number | null;
  episode_run_time?: number[];
  last_episode_to_air?: { runtime?: number | null } | null;
  number_of_seasons?: number;
  seasons?: TmdbSeasonSummary[];
  tagline?: string;
  production_companies?: { id: number; name: string; logo_path?: string | null }[];
  credits?: { cast?: { id: number; name: string; character?: string; profile_path?: string | null }[] };
  videos?: { results?: { key: string; site: string; type: string }[] };
  release_dates?: { results?: { iso_3166_1: string; release_dates?: { certification?: string }[] }[] };
  content_ratings?: { results?: { iso_3166_1: string; rating?: string }[] };
  /** Movies nest keywords under "keywords", TV under "results". */
  keywords?: { keywords?: { name: string }[]; results?: { name: string }[] };
  'watch/providers'?: { results?: Record<string, TmdbWatchRegion> };
}

export interface TmdbSeason {
  season_number: number;
  name?: string;
  air_date?: string | null;
  overview?: string;
  episodes?: {
    episode_number: number;
    name?: string;
    air_date?: string | null;
    overview?: string;
    runtime?: number | null;
    still_path?: string | null;
  }[];
}
