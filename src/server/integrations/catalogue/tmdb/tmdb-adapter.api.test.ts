import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogueUnavailableError } from '../catalogue';
import { createCatalogue } from '../index';
import { startFakeTmdb, type FakeTmdb } from './fake-tmdb-server';
import { TmdbCatalogue } from './tmdb-catalogue';
import type { TmdbClientOptions } from './tmdb-client';

/** Contract test: the TMDB adapter against a local fake TMDB serving trimmed real responses. */

let fake: FakeTmdb;
beforeAll(async () => {
  fake = await startFakeTmdb();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const logger = pino({ level: 'silent' });
const tmdb = (options: Partial<TmdbClientOptions> = {}) =>
  new TmdbCatalogue({ apiKey: 'test-key', baseUrl: fake.baseUrl, retryBaseDelayMs: 5, timeoutMs: 2000, logger, ...options });

describe('auth', () => {
  it('sends the v3 key as api_key', async () => {
    await tmdb({ apiKey: 'k-123' }).searchMovies('007', 1);
    const [request] = fake.requestsTo('/3/search/movie');
    expect(request!.query.get('api_key')).toBe('k-123');
    expect(request!.authorization).toBeUndefined();
    expect(request!.query.get('query')).toBe('007');
  });

  it('sends the read access token as a Bearer header, without api_key', async () => {
    await tmdb({ apiKey: undefined, readAccessToken: 'token-abc' }).searchMovies('007', 1);
    const [request] = fake.requestsTo('/3/search/movie');
    expect(request!.authorization).toBe('Bearer token-abc');
    expect(request!.query.has('api_key')).toBe(false);
  });

  it('is chosen by createCatalogue when a key is configured, with the base URL from config', async () => {
    const catalogue = createCatalogue({ tmdb: { readAccessToken: 't', baseUrl: fake.baseUrl } }, logger);
    expect(catalogue.source).toBe('tmdb');
    expect((await catalogue.getTrending('all', 1)).results).toHaveLength(3);
    expect(createCatalogue({ tmdb: {} }, logger).source).toBe('offline');
  });
});

describe('details', () => {
  it('fetches everything in ONE request with append_to_response', async () => {
    const movie = await tmdb().getDetails('movie', 550);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.query.get('append_to_response')).toBe('credits,videos,release_dates,keywords,watch/providers');
    expect(movie).toMatchObject({ title: 'Fight Club', certification: 'R', runtime: 139 });
    expect(movie!.cast).toHaveLength(12);

    const show = await tmdb().getDetails('tv', 1396);
    expect(fake.requestsTo('/3/tv/1396')[0]!.query.get('append_to_response')).toBe('credits,videos,content_ratings,keywords,watch/providers');
    expect(show).toMatchObject({ title: 'Breaking Bad', certification: 'TV-MA', numberOfSeasons: 5 });
  });

  it('answers null for an id TMDB does not know', async () => {
    expect(await tmdb().getDetails('movie', 999_999_999)).toBeNull();
    expect(await tmdb().getSeasonDetails(1396, 42)).toBeNull();
  });

  it('maps seasons', async () => {
    expect((await tmdb().getSeasonDetails(1396, 1))!.episodes[0]).toMatchObject({ name: 'Pilot' });
  });
});

describe('cache', () => {
  it('serves a repeated request from the cache without calling TMDB', async () => {
    const catalogue = tmdb();
    await catalogue.getDetails('movie', 550);
    await catalogue.getDetails('movie', 550);
    await Promise.all([catalogue.getTrending('all', 1), catalogue.getTrending('all', 1), catalogue.getTrending('all', 1)]);
    expect(fake.requestsTo('/3/movie/550')).toHaveLength(1);
    expect(fake.requestsTo('/3/trending/all/week')).toHaveLength(1);
  });
});

describe('retries and failures', () => {
  it('retries a 429 after Retry-After seconds and succeeds', async () => {
    fake.script('/3/search/movie', {
      status: 429,
      headers: { 'retry-after': '1' },
      body: { status_code: 25, status_message: 'Your request count (41) is over the allowed limit of (40).' },
    });
    const started = Date.now();
    const page = await tmdb().searchMovies('007', 1);
    expect(page.results).toHaveLength(3);
    expect(fake.requestsTo('/3/search/movie')).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries a 500 and succeeds', async () => {
    fake.script('/3/movie/550', { status: 500 });
    expect(await tmdb().getDetails('movie', 550)).toMatchObject({ title: 'Fight Club' });
    expect(fake.requestsTo('/3/movie/550')).toHaveLength(2);
  });

  it('gives up after 3 tries with CatalogueUnavailableError', async () => {
    fake.script('/3/movie/550', { status: 503 }, { status: 502 }, { status: 500 });
    const error = await tmdb()
      .getDetails('movie', 550)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueUnavailableError);
    expect((error as CatalogueUnavailableError).upstreamStatus).toBe(500);
    expect(fake.requestsTo('/3/movie/550')).toHaveLength(3);
  });

  it('does not retry a rejected key', async () => {
    fake.script('/3/search/movie', { status: 401, body: { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false } });
    await expect(tmdb().searchMovies('007', 1)).rejects.toMatchObject({ name: 'CatalogueUnavailableError', upstreamStatus: 401 });
    expect(fake.requestsTo('/3/search/movie')).toHaveLength(1);
  });

  it('ends a request TMDB never answers with CatalogueUnavailableError', async () => {
    fake.script('/3/movie/550', 'hang');
    const started = Date.now();
    await expect(tmdb({ timeoutMs: 200 }).getDetails('movie', 550)).rejects.toBeInstanceOf(CatalogueUnavailableError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('serves stale data when TMDB fails after the cache expired', async () => {
    let now = Date.now();
    const catalogue = tmdb({ timeoutMs: 200, now: () => now });
    const fresh = await catalogue.getDetails('movie', 550);
    now += 7 * 60 * 60 * 1000; // details live 6 hours
    fake.script('/3/movie/550', 'hang');
    expect(await catalogue.getDetails('movie', 550)).toEqual(fresh);
    expect(fake.requestsTo('/3/movie/550')).toHaveLength(2);
    fake.script('/3/movie/550', { status: 500 }, { status: 500 }, { status: 500 });
    now += 7 * 60 * 60 * 1000;
    expect(await catalogue.getDetails('movie', 550)).toEqual(fresh);
  });
});

describe('lists', () => {
  it('asks each browse mode of its own TMDB list: discover by popularity, trending this week, popular', async () => {
    const catalogue = tmdb();
    await catalogue.getDiscoverContent({ type: 'movie', page: 1 });
    await catalogue.getTrending('tv', 2);
    await catalogue.getPopular('tv', 1);
    expect(fake.requests.map((r) => r.path)).toEqual(['/3/discover/movie', '/3/trending/tv/week', '/3/tv/popular']);
    expect(fake.requestsTo('/3/discover/movie')[0]!.query.get('sort_by')).toBe('popularity.desc');
    expect(fake.requestsTo('/3/trending/tv/week')[0]!.query.get('page')).toBe('2');
  });

  it('finds the titles of people: cast, and crew in the search roles only', async () => {
    const result = await tmdb().searchByPerson('willis', 1);
    expect(result.people[0]).toMatchObject({ id: 62, name: 'Bruce Willis', knownForDepartment: 'Acting' });
    // Cast 5, 18 and TV 52; crew Producer 2026, Executive Producer 17043, Writer 132542. Story, Thanks and Songs are left out.
    expect(result.results.map((r) => r.id).sort((a, b) => a - b)).toEqual([5, 18, 52, 2026, 17043, 132542]);
    expect(result).toMatchObject({ page: 1, totalPages: 1, totalResults: 6 });
    expect(fake.requestsTo('/3/person/62/combined_credits')).toHaveLength(1);
  });

  it('sends discover filters and reads genres and providers', async () => {
    await tmdb().getDiscoverContent({ type: 'movie', genres: [28], tmdbRating: 7, certification: 'PG-13', page: 3 });
    const query = fake.requestsTo('/3/discover/movie')[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      with_genres: '28',
      'vote_average.gte': '7',
      'vote_count.gte': '50',
      certification: 'PG-13',
      certification_country: 'US',
      sort_by: 'popularity.desc',
      page: '3',
    });
    expect(await tmdb().getGenres('movie')).toHaveLength(19);
    expect((await tmdb().getWatchProviders('movie'))[0]).toMatchObject({ providerId: 8, providerName: 'Netflix' });
    expect(fake.requestsTo('/3/watch/providers/movie')[0]!.query.get('watch_region')).toBe('US');
  });

  it('falls back to the shipped genre list when TMDB is down', async () => {
    fake.script('/3/genre/tv/list', { status: 500 }, { status: 500 }, { status: 500 });
    expect(await tmdb().getGenres('tv')).toHaveLength(16);
  });
});

describe('findByImdbId (issue 21 part 1: imports matched by IMDb id)', () => {
  it('asks /find with external_source=imdb_id and maps the movie or the series it names', async () => {
    // The shape of TMDB's documented example (../shared/tmdb/openapi-examples/find_external_id.json).
    const movie = {
      adult: false,
      backdrop_path: '/44immBwzhDVyjn87b3x3l9mlhAD.jpg',
      id: 934433,
      title: 'Scream VI',
      original_language: 'en',
      original_title: 'Scream VI',
      overview: 'Following the latest Ghostface killings…',
      poster_path: '/wDWwtvkRRlgTiUr6TyLSMX8FCuZ.jpg',
      media_type: 'movie',
      genre_ids: [27, 9648, 53],
      popularity: 853.917,
      release_date: '2023-03-08',
      video: false,
      vote_average: 7.388,
      vote_count: 708,
    };
    fake.script('/3/find/tt17663992', { status: 200, body: { movie_results: [movie], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [] } });
    const found = await tmdb().findByImdbId('tt17663992');
    expect(found).toMatchObject({ mediaType: 'movie', id: 934433, title: 'Scream VI', year: 2023 });
    expect(fake.requestsTo('/3/find/tt17663992')[0]!.query.get('external_source')).toBe('imdb_id');

    fake.script('/3/find/tt0903747', {
      status: 200,
      body: {
        movie_results: [],
        person_results: [],
        tv_results: [
          {
            id: 1396,
            name: 'Breaking Bad',
            first_air_date: '2008-01-20',
            genre_ids: [18],
            overview: '',
            popularity: 1,
            vote_average: 8.9,
            vote_count: 10,
            poster_path: null,
            backdrop_path: null,
          },
        ],
        tv_episode_results: [],
        tv_season_results: [],
      },
    });
    expect(await tmdb().findByImdbId('tt0903747')).toMatchObject({ mediaType: 'tv', id: 1396, title: 'Breaking Bad' });

    fake.script('/3/find/tt0000001', { status: 200, body: { movie_results: [], person_results: [], tv_results: [], tv_episode_results: [], tv_season_results: [] } });
    expect(await tmdb().findByImdbId('tt0000001')).toBeNull();
  });
});
