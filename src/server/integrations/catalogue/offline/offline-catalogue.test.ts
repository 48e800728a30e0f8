import { describe, expect, it } from 'vitest';
import type { TitleSummary } from '../../../../shared/catalogue';
import { OfflineCatalogue } from './offline-catalogue';
import { loadOfflineData } from './offline-data';

const NOW = Date.parse('2025-08-01T00:00:00Z');
const data = loadOfflineData();
const catalogue = new OfflineCatalogue({ data, now: () => NOW });
const titles = (results: TitleSummary[]) => results.map((r) => r.title);
const isSortedByPopularity = (results: TitleSummary[]) => results.every((r, i) => i === 0 || results[i - 1]!.popularity >= r.popularity);

describe('offline data', () => {
  it('loads all three files', () => {
    expect(data.titles.filter((t) => t.type === 'movie')).toHaveLength(320);
    expect(data.titles.filter((t) => t.type === 'tv')).toHaveLength(85);
  });

  it('gives every person name one id and every id one person', () => {
    const names = [...data.people.values()].map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    const idOf = (name: string) => [...data.people.values()].find((p) => p.name === name)!.id;
    // 1776 is Coppola's; Aaron Sorkin's rows used it too, so he keeps his other id.
    expect(idOf('Francis Ford Coppola')).toBe(1776);
    expect(idOf('Aaron Sorkin')).toBe(13844);
    expect(idOf('Jon Hamm')).not.toBe(idOf('Kevin Bacon'));
    expect(idOf('Pete Docter')).not.toBe(idOf('John Lasseter'));
  });
});

describe('offline discover', () => {
  it('pages 20 at a time, most popular first', async () => {
    const first = await catalogue.getDiscoverContent({ type: 'movie', page: 1 });
    expect(first).toMatchObject({ page: 1, totalResults: 320, totalPages: 16 });
    expect(first.results).toHaveLength(20);
    expect(isSortedByPopularity(first.results)).toBe(true);
    const second = await catalogue.getDiscoverContent({ type: 'movie', page: 2 });
    expect(second.results[0]!.popularity).toBeLessThanOrEqual(first.results[19]!.popularity);
    expect((await catalogue.getDiscoverContent({ type: 'movie', page: 17 })).results).toEqual([]);
  });

  it('requires every chosen genre, and filters years, rating and certification', async () => {
    const both = await catalogue.getDiscoverContent({ type: 'movie', genres: [28, 12], page: 1 });
    expect(both.totalResults).toBe(32);
    expect(both.results.every((r) => r.genreIds.includes(28) && r.genreIds.includes(12))).toBe(true);
    const nineties = await catalogue.getDiscoverContent({ type: 'movie', yearMin: 1990, yearMax: 1999, page: 1 });
    expect(nineties.totalResults).toBe(48);
    const rated = await catalogue.getDiscoverContent({ type: 'movie', certification: 'R', tmdbRating: 8, page: 1 });
    expect(rated.results.every((r) => r.certification === 'R' && r.voteAverage >= 8 && r.voteCount >= 50)).toBe(true);
    const tv = await catalogue.getDiscoverContent({ type: 'tv', certification: 'TV-MA', page: 1 });
    expect(tv.totalResults).toBe(48);
    expect(tv.results.every((r) => r.mediaType === 'tv')).toBe(true);
  });

  it('finds nothing for a provider filter: offline titles have no provider data', async () => {
    expect((await catalogue.getDiscoverContent({ type: 'movie', watchProviders: [8], page: 1 })).totalResults).toBe(0);
    expect(await catalogue.getWatchProviders()).toEqual([]);
  });

  it('lists by genre, popular and trending', async () => {
    const horror = await catalogue.getByGenre('movie', 27, 1);
    expect(horror.totalResults).toBe(36);
    expect((await catalogue.getPopular('tv', 1)).results.every((r) => r.mediaType === 'tv')).toBe(true);
    const trending = await catalogue.getTrending('all', 1);
    expect(new Set(trending.results.map((r) => r.mediaType))).toEqual(new Set(['movie', 'tv']));
    // Both kinds near the top, not only the series (scored on a higher scale in the data).
    expect(trending.results.slice(0, 4).map((r) => r.mediaType)).toEqual(['movie', 'tv', 'movie', 'tv']);
    expect(trending.totalResults).toBe(405);
    // Recency lifts this year's Superman above older titles that are about as popular.
    const discover = await catalogue.getDiscoverContent({ type: 'movie', page: 1 });
    expect(titles((await catalogue.getTrending('movie', 1)).results)[0]).toBe('Superman');
    expect(titles(discover.results)).toContain('Superman');
  });

  it('gives Discover, Trending and Popular lists of their own, each of the asked type', async () => {
    for (const type of ['movie', 'tv'] as const) {
      const discover = titles((await catalogue.getDiscoverContent({ type, page: 1 })).results);
      const trending = titles((await catalogue.getTrending(type, 1)).results);
      const popular = await catalogue.getPopular(type, 1);
      expect(popular.results.every((r) => r.mediaType === type)).toBe(true);
      // Popular ranks by audience (votes), Discover by popularity, Trending by popularity lifted by recency.
      expect(popular.results.every((r, i) => i === 0 || popular.results[i - 1]!.voteCount >= r.voteCount)).toBe(true);
      const lists = [discover, trending, titles(popular.results)].map((l) => l.slice(0, 10).join('|'));
      expect(new Set(lists).size).toBe(3);
    }
  });
});

describe('offline search', () => {
  it('matches titles case- and accent-insensitively, by prefix and by word', async () => {
    expect(titles((await catalogue.searchMovies('AMELIE', 1)).results)).toEqual(['Amélie']);
    expect(titles((await catalogue.searchMovies('dark kn', 1)).results)).toEqual(['The Dark Knight']);
    expect(titles((await catalogue.searchMovies('walle', 1)).results)).toEqual(['WALL·E']);
    expect(titles((await catalogue.searchTVShows('breaking', 1)).results)).toEqual(['Breaking Bad']);
    expect((await catalogue.searchMovies('qqqxxyz', 1)).totalResults).toBe(0);
  });

  it('ranks the exact title first, then by popularity', async () => {
    const result = await catalogue.searchMovies('nosferatu', 1);
    expect(result.results.map((r) => r.year)).toEqual([2024, 1922]);
  });

  it('finds titles of people through cast and the search roles', async () => {
    const nolan = await catalogue.searchByPerson('christopher nolan', 1);
    expect(nolan.people.map((p) => p.name)).toEqual(['Christopher Nolan']);
    expect(nolan.people[0]!.knownForDepartment).toBe('Directing');
    expect(titles(nolan.results)).toEqual(expect.arrayContaining(['Memento', 'Inception', 'Oppenheimer', 'The Dark Knight']));
    expect(isSortedByPopularity(nolan.results)).toBe(true);
    const cranston = await catalogue.searchByPerson('Bryan Cranston', 1);
    expect(titles(cranston.results).sort()).toEqual(['Breaking Bad', 'Drive', 'Malcolm in the Middle']);
    const hamm = await catalogue.searchByPerson('jon hamm', 1);
    expect(titles(hamm.results).sort()).toEqual(['Black Mirror', 'Bridesmaids', 'Mad Men', 'Top Gun: Maverick']);
    expect(titles((await catalogue.searchByPerson('Kevin Bacon', 1)).results)).toEqual(['Apollo 13']);
    expect(titles((await catalogue.searchByPerson('Aaron Sorkin', 1)).results).sort()).toEqual(['The Social Network', 'The West Wing']);
  });

  it('ignores crew jobs outside the search roles', async () => {
    // Chuck Palahniuk is credited only for the novel behind Fight Club.
    const result = await catalogue.searchByPerson('Palahniuk', 1);
    expect(result.people).toEqual([]);
    expect(result.totalResults).toBe(0);
  });
});

describe('offline details, seasons and recommendations', () => {
  it('describes a movie', async () => {
    const movie = (await catalogue.getDetails('movie', 550))!;
    expect(movie).toMatchObject({ title: 'Fight Club', runtime: 139, certification: 'R', year: 1999, numberOfSeasons: null, posterUrl: '/api/catalogue/art/movie/550/poster.svg' });
    expect(movie.cast.length).toBeGreaterThan(0);
    expect(movie.cast.length).toBeLessThanOrEqual(12);
    expect(movie.cast[0]!.profileUrl).toMatch(/^\/api\/catalogue\/art\/person\/\d+\/profile\.svg$/);
    expect(movie.trailer).toEqual({ site: 'YouTube', key: null, url: 'https://www.youtube.com/results?search_query=Fight%20Club%201999%20trailer' });
    expect(movie.parentalGuide.map((g) => g.category)).toEqual(expect.arrayContaining(['Violence & Gore', 'Language', 'Substance Use']));
    expect(movie.watchProviders).toEqual({ link: null, flatrate: [], rent: [], buy: [] });
  });

  it('answers null for unknown titles and the wrong media type', async () => {
    expect(await catalogue.getDetails('movie', 999_999_999)).toBeNull();
    expect(await catalogue.getDetails('tv', 550)).toBeNull();
  });

  it('generates episodes weekly from the season air date', async () => {
    const show = (await catalogue.getDetails('tv', 1396))!;
    expect(show).toMatchObject({ numberOfSeasons: 5, certification: 'TV-MA', runtime: 47 });
    const season = (await catalogue.getSeasonDetails(1396, 1))!;
    expect(season.episodes).toHaveLength(7);
    expect(season.episodes[0]).toMatchObject({ episodeNumber: 1, name: 'Episode 1', airDate: '2008-01-20', runtime: 47 });
    expect(season.episodes[6]!.airDate).toBe('2008-03-02');
    expect(await catalogue.getSeasonDetails(1396, 99)).toBeNull();
    expect(await catalogue.getSeasonDetails(424242, 1)).toBeNull();
  });

  it('recommends titles of the same type by shared genres and keywords', async () => {
    const page = await catalogue.getRecommendations('movie', 550, 1);
    expect(page.results).toHaveLength(20);
    expect(page.results.every((r) => r.mediaType === 'movie' && r.id !== 550)).toBe(true);
    expect(page.totalPages).toBeLessThanOrEqual(5);
    expect((await catalogue.getRecommendations('movie', 999_999_999, 1)).results).toEqual([]);
  });

  it('draws art for known titles and people only', () => {
    expect(catalogue.renderArt('movie', 550, 'poster')).toContain('Fight Club');
    expect(catalogue.renderArt('tv', 1396, 'backdrop')).toContain('Breaking Bad');
    expect(catalogue.renderArt('movie', 999_999_999, 'poster')).toBeNull();
    expect(catalogue.renderArt('movie', 550, 'profile')).toBeNull();
    const personId = [...data.people.values()].find((p) => p.name === 'Brad Pitt')!.id;
    expect(catalogue.renderArt('person', personId, 'profile')).toContain('BP');
  });

  it('lists genres for each type', async () => {
    expect(await catalogue.getGenres('movie')).toHaveLength(19);
    expect(await catalogue.getGenres('tv')).toHaveLength(16);
    expect(await catalogue.getGenres('all')).toHaveLength(27);
  });
});
