import { describe, expect, it } from 'vitest';
import {
  ALL_GENRES,
  formatRuntime,
  GENRE_NAMES,
  genreNames,
  MOVIE_CERTIFICATIONS,
  MOVIE_GENRES,
  remapGenre,
  TV_CERTIFICATIONS,
  TV_GENRES,
  visibleSeasons,
  youtubeSearchUrl,
} from './catalogue';
import { parentalGuide, severityFor } from './parental-guide';
import { combinedScore, didYouMean, normalizeText, similarity } from './did-you-mean';

describe('genres', () => {
  it('has the 19 movie and 16 TV genres, merged by name into 27', () => {
    expect(MOVIE_GENRES).toHaveLength(19);
    expect(TV_GENRES).toHaveLength(16);
    expect(ALL_GENRES).toHaveLength(27);
    expect(GENRE_NAMES.size).toBe(27);
    expect(new Set(ALL_GENRES.map((g) => g.name)).size).toBe(27);
    expect(GENRE_NAMES.get(10765)).toBe('Sci-Fi & Fantasy');
    expect(GENRE_NAMES.get(878)).toBe('Science Fiction');
  });

  it('names genre ids and skips unknown ones', () => {
    expect(genreNames([18, 80, 424242])).toEqual(['Drama', 'Crime']);
  });

  it('remaps a selection between movie and TV equivalents', () => {
    expect(remapGenre(28, 'tv')).toBe(10759); // Action -> Action & Adventure
    expect(remapGenre(12, 'tv')).toBe(10759); // Adventure -> Action & Adventure
    expect(remapGenre(878, 'tv')).toBe(10765); // Science Fiction -> Sci-Fi & Fantasy
    expect(remapGenre(14, 'tv')).toBe(10765); // Fantasy -> Sci-Fi & Fantasy
    expect(remapGenre(10752, 'tv')).toBe(10768); // War -> War & Politics
    expect(remapGenre(10759, 'movie')).toBe(28);
    expect(remapGenre(10765, 'movie')).toBe(878);
    expect(remapGenre(10768, 'movie')).toBe(10752);
  });

  it('keeps same-name genres and clears genres without an equivalent', () => {
    expect(remapGenre(18, 'tv')).toBe(18);
    expect(remapGenre(35, 'movie')).toBe(35);
    expect(remapGenre(27, 'tv')).toBeNull(); // Horror
    expect(remapGenre(10762, 'movie')).toBeNull(); // Kids
    expect(remapGenre(28, 'movie')).toBe(28);
  });
});

describe('certifications and the parental guide', () => {
  it('lists the US ratings', () => {
    expect(MOVIE_CERTIFICATIONS).toEqual(['G', 'PG', 'PG-13', 'R', 'NC-17']);
    expect(TV_CERTIFICATIONS).toEqual(['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA']);
  });

  it('derives severity from the certification', () => {
    for (const c of ['G', 'TV-Y', 'TV-Y7', 'TV-G']) expect(severityFor(c)).toBe('mild');
    for (const c of ['PG', 'TV-PG', 'PG-13', 'TV-14']) expect(severityFor(c)).toBe('moderate');
    for (const c of ['R', 'NC-17', 'TV-MA']) expect(severityFor(c)).toBe('severe');
    expect(severityFor('NR')).toBeNull();
    expect(severityFor(null)).toBeNull();
  });

  it('always warns about language for R, NC-17 and TV-MA', () => {
    for (const c of ['R', 'NC-17', 'TV-MA']) expect(parentalGuide(c, [])).toEqual([expect.objectContaining({ category: 'Language', severity: 'severe' })]);
    expect(parentalGuide('PG-13', [])).toEqual([]);
  });

  it('finds warning categories in keywords by whole words', () => {
    const guide = parentalGuide('PG-13', ['drug dealer', 'gore', 'nudity', 'haunted house', 'profanity', 'gunslinger']);
    expect(guide.map((g) => g.category)).toEqual(['Violence & Gore', 'Sexual Content', 'Language', 'Substance Use', 'Frightening Content']);
    expect(guide.every((g) => g.severity === 'moderate')).toBe(true);
    expect(guide[0]!.description).toContain('gore');
    expect(guide[0]!.description).not.toContain('gunslinger');
  });

  it('uses a moderate severity when the title is not rated', () => {
    expect(parentalGuide('NR', ['violence'])).toEqual([expect.objectContaining({ category: 'Violence & Gore', severity: 'moderate' })]);
    expect(parentalGuide('G', ['monster'])[0]).toMatchObject({ category: 'Frightening Content', severity: 'mild' });
  });
});

describe('"Did you mean"', () => {
  const titles = ['Inception', 'The Godfather', 'Breaking Bad', 'Amélie', 'The Office', 'Star Wars'];

  it('needs at least 3 characters', () => {
    expect(didYouMean('in', titles)).toBeNull();
    expect(didYouMean('  i ', titles)).toBeNull();
  });

  it('suggests a close title', () => {
    expect(didYouMean('incepton', titles)).toBe('Inception');
    expect(didYouMean('godfater', titles)).toBe('The Godfather');
    expect(didYouMean('breking bad', titles)).toBe('Breaking Bad');
  });

  it('suggests nothing for a title typed correctly (similarity 0.95 or more)', () => {
    expect(didYouMean('Inception', titles)).toBeNull();
    expect(didYouMean('AMELIE', titles)).toBeNull();
  });

  it('suggests nothing when the best combined score is 0.6 or less', () => {
    expect(didYouMean('xqzvw', titles)).toBeNull();
    expect(didYouMean('the', titles)).toBeNull();
    expect(combinedScore('the', 'The Office')).toBeLessThanOrEqual(0.6);
  });

  it('measures similarity by edit distance, after normalising', () => {
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7);
    expect(similarity('', '')).toBe(1);
    expect(normalizeText('  Amélie:  the  MOVIE! ')).toBe('amelie the movie');
    expect(normalizeText('WALL·E')).toBe('wall e');
  });

  it('rewards word prefixes in the combined score', () => {
    expect(combinedScore('star', 'Star Wars')).toBeGreaterThan(combinedScore('star', 'Scarface'));
  });
});

describe('formatting', () => {
  it('formats runtimes as Xh Ym', () => {
    expect(formatRuntime(139)).toBe('2h 19m');
    expect(formatRuntime(45)).toBe('45m');
    expect(formatRuntime(120)).toBe('2h');
    expect(formatRuntime(0)).toBeNull();
    expect(formatRuntime(null)).toBeNull();
  });

  it('shows real seasons with episodes, newest first', () => {
    const season = (seasonNumber: number, episodeCount: number) => ({ seasonNumber, episodeCount, name: '', airDate: null, posterUrl: null });
    expect(visibleSeasons([season(0, 9), season(1, 7), season(2, 13), season(3, 0)]).map((s) => s.seasonNumber)).toEqual([2, 1]);
  });

  it('builds a YouTube search for a missing trailer', () => {
    expect(youtubeSearchUrl('Fight Club', 1999)).toBe('https://www.youtube.com/results?search_query=Fight%20Club%201999%20trailer');
  });
});
