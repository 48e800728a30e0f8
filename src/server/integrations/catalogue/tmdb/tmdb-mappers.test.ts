import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { visibleSeasons } from '../../../../shared/catalogue';
import { discoverParams } from './tmdb-catalogue';
import { toProviderList, toSeasonDetails, toTitleDetails, toTitlePage, usCertification } from './tmdb-mappers';
import type { TmdbDetails, TmdbListItem, TmdbPage, TmdbProvider, TmdbSeason } from './tmdb-types';

const fixture = <T>(name: string): T => JSON.parse(fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;

describe('TMDB movie details', () => {
  const details = toTitleDetails(fixture<TmdbDetails>('movie-550-details.json'), 'movie');

  it('maps the summary fields and image sizes', () => {
    expect(details).toMatchObject({
      id: 550,
      mediaType: 'movie',
      title: 'Fight Club',
      releaseDate: '1999-10-15',
      year: 1999,
      runtime: 139,
      numberOfSeasons: null,
      seasons: [],
      tagline: 'Mischief. Mayhem. Soap.',
      genreIds: [18],
      genres: ['Drama'],
      posterUrl: 'https://image.tmdb.org/t/p/w500/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
      backdropUrl: 'https://image.tmdb.org/t/p/w1280/hZkgoQYus5vegHoetLkCJzb17zJ.jpg',
    });
    expect(details.voteAverage).toBeCloseTo(8.44);
  });

  it('takes the first non-empty US certification', () => {
    expect(details.certification).toBe('R');
    expect(usCertification({ id: 1, release_dates: { results: [{ iso_3166_1: 'GB', release_dates: [{ certification: '15' }] }] } }, 'movie')).toBeNull();
  });

  it('keeps the first 12 cast members with w185 profiles, and companies with w185 logos', () => {
    expect(details.cast).toHaveLength(12);
    expect(details.cast[0]).toEqual({ id: 819, name: 'Edward Norton', character: 'Narrator', profileUrl: 'https://image.tmdb.org/t/p/w185/5XBzD5WuTyVQZeS4VI25z2moMeY.jpg' });
    expect(details.companies[0]).toEqual({ id: 711, name: 'Fox 2000 Pictures', logoUrl: 'https://image.tmdb.org/t/p/w185/tEiIH5QesdheJmDAqQwvtN60727.png' });
  });

  it('picks the first YouTube trailer', () => {
    expect(details.trailer).toEqual({ site: 'YouTube', key: 'dfeUzm6KF4g', url: 'https://www.youtube.com/watch?v=dfeUzm6KF4g' });
  });

  it('reads keywords, builds the parental guide and the US watch providers', () => {
    expect(details.keywords).toContain('dual identity');
    expect(details.parentalGuide.map((g) => g.category)).toEqual(expect.arrayContaining(['Violence & Gore', 'Language']));
    expect(details.parentalGuide.every((g) => g.severity === 'severe')).toBe(true);
    expect(details.watchProviders.link).toMatch(/^https:\/\/www\.themoviedb\.org\/movie\/550/);
    const all = [...details.watchProviders.flatrate, ...details.watchProviders.rent, ...details.watchProviders.buy];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((p) => p.logoUrl?.startsWith('https://image.tmdb.org/t/p/w45/'))).toBe(true);
  });

  it('falls back to a YouTube search when there is no trailer', () => {
    const bare = toTitleDetails({ id: 1, title: 'Nothing Here', release_date: '2001-02-03' }, 'movie');
    expect(bare.trailer).toEqual({ site: 'YouTube', key: null, url: 'https://www.youtube.com/results?search_query=Nothing%20Here%202001%20trailer' });
    expect(bare).toMatchObject({ posterUrl: null, certification: null, cast: [], keywords: [], watchProviders: { link: null, flatrate: [], rent: [], buy: [] } });
  });
});

describe('TMDB TV details and seasons', () => {
  const details = toTitleDetails(fixture<TmdbDetails>('tv-1396-details.json'), 'tv');

  it('maps name, first air date, content rating and episode runtime', () => {
    expect(details).toMatchObject({ id: 1396, mediaType: 'tv', title: 'Breaking Bad', releaseDate: '2008-01-20', certification: 'TV-MA', numberOfSeasons: 5 });
    // episode_run_time is empty in current TMDB answers; the last episode's runtime stands in.
    expect(details.runtime).toBe(56);
    expect(details.keywords).toContain('drug dealer');
    expect(details.parentalGuide.map((g) => g.category)).toEqual(expect.arrayContaining(['Language', 'Substance Use']));
  });

  it('keeps all seasons; the visible ones exclude specials', () => {
    expect(details.seasons[0]).toMatchObject({ seasonNumber: 0, name: 'Specials', episodeCount: 9 });
    expect(visibleSeasons(details.seasons).map((s) => s.seasonNumber)).toEqual([5, 4, 3, 2, 1]);
  });

  it('maps a season with its episodes', () => {
    const season = toSeasonDetails(fixture<TmdbSeason>('tv-1396-season-1.json'));
    expect(season).toMatchObject({ seasonNumber: 1, airDate: '2008-01-20' });
    expect(season.episodes).toHaveLength(3);
    expect(season.episodes[0]).toMatchObject({ episodeNumber: 1, name: 'Pilot', airDate: '2008-01-20', runtime: 59 });
    expect(season.episodes[0]!.stillUrl).toMatch(/^https:\/\/image\.tmdb\.org\/t\/p\/w300\//);
  });
});

describe('TMDB lists', () => {
  it('maps a search page and keeps the totals', () => {
    const page = toTitlePage(fixture<TmdbPage<TmdbListItem>>('search-movie-page1.json'), 'movie');
    expect(page).toMatchObject({ page: 1, totalPages: 7, totalResults: 126 });
    expect(page.results[0]).toMatchObject({ id: 649110, title: 'Conductor 007', mediaType: 'movie', backdropUrl: null, year: 1966, genres: ['Comedy'], certification: null });
  });

  it('drops people from mixed trending results and keeps each media type', () => {
    const page = toTitlePage(fixture<TmdbPage<TmdbListItem>>('trending-all-week.json'), 'movie');
    expect(page.results).toHaveLength(3);
    expect(page.results.map((r) => r.mediaType)).toEqual(['tv', 'movie', 'movie']);
    expect(page.results[0]).toMatchObject({ title: 'The Boys', releaseDate: '2019-07-25', genres: ['Sci-Fi & Fantasy', 'Action & Adventure'] });
  });

  it('orders providers by their US display priority, with w45 logos', () => {
    const list = toProviderList(fixture<{ results: TmdbProvider[] }>('watch-providers-movie.json').results);
    expect(list.map((p) => p.providerName)).toEqual(['Netflix', 'Amazon Prime Video', 'Disney Plus', 'Apple TV Store']);
    expect(list[0]!.logoUrl).toMatch(/^https:\/\/image\.tmdb\.org\/t\/p\/w45\//);
  });
});

describe('discover parameters', () => {
  it('maps every filter to TMDB discover parameters', () => {
    expect(discoverParams({ type: 'movie', genres: [28, 12], yearMin: 1990, yearMax: 1999, watchProviders: [8, 337], certification: 'R', tmdbRating: 7, page: 2 })).toEqual({
      page: 2,
      sort_by: 'popularity.desc',
      include_adult: false,
      with_genres: '28,12',
      'primary_release_date.gte': '1990-01-01',
      'primary_release_date.lte': '1999-12-31',
      with_watch_providers: '8|337',
      watch_region: 'US',
      certification: 'R',
      certification_country: 'US',
      'vote_average.gte': 7,
      'vote_count.gte': 50,
    });
  });

  it('uses first air dates for TV and leaves unset filters out', () => {
    const params = discoverParams({ type: 'tv', yearMin: 2010, page: 1 });
    expect(params['first_air_date.gte']).toBe('2010-01-01');
    expect(params['first_air_date.lte']).toBeUndefined();
    expect(params).not.toHaveProperty('with_watch_providers');
    expect(params).not.toHaveProperty('vote_count.gte');
  });
});
