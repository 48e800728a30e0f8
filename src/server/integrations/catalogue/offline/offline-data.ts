import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { MediaType } from '../../../../shared/catalogue';
import { normalizeText } from '../../../../shared/did-you-mean';

/**
 * The offline demo catalogue: real titles with their TMDB ids, stored in data/*.json (written by hand,
 * in three files). Loaded once, validated, and normalised so people have one id per name.
 */

const personRef = z.object({ id: z.number().int(), name: z.string().min(1) });
const common = {
  id: z.number().int().positive(),
  genre_ids: z.array(z.number().int()),
  tagline: z.string().nullable().optional(),
  overview: z.string(),
  popularity: z.number(),
  vote_average: z.number(),
  vote_count: z.number(),
  cast: z.array(personRef.extend({ character: z.string() })),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
  keywords: z.array(z.string()),
};
const movieSchema = z.object({
  ...common,
  title: z.string().min(1),
  release_date: z.string(),
  runtime: z.number().nullable(),
  certification: z.string().nullable(),
  crew: z.array(personRef.extend({ job: z.string() })),
});
const showSchema = z.object({
  ...common,
  name: z.string().min(1),
  first_air_date: z.string(),
  last_air_date: z.string().nullable(),
  episode_run_time: z.number().nullable(),
  content_rating: z.string().nullable(),
  created_by: z.array(personRef),
  seasons: z.array(z.object({ season_number: z.number().int(), name: z.string(), air_date: z.string().nullable(), episode_count: z.number().int() })),
});
type RawMovie = z.infer<typeof movieSchema>;
type RawShow = z.infer<typeof showSchema>;

export interface OfflineSeason {
  seasonNumber: number;
  name: string;
  airDate: string | null;
  episodeCount: number;
}

export interface OfflineTitle {
  type: MediaType;
  id: number;
  /** Its IMDb id (data/imdb-ids.json, kept where known), for imports matched by IMDb id. */
  imdbId: string | null;
  title: string;
  /** normalizeText(title), for search. */
  searchTitle: string;
  releaseDate: string | null;
  year: number | null;
  /** For TV the last air date: a show still airing is "recent" for trending. */
  latestDate: string | null;
  runtime: number | null;
  genreIds: number[];
  certification: string | null;
  tagline: string;
  overview: string;
  popularity: number;
  voteAverage: number;
  voteCount: number;
  cast: { personId: number; character: string }[];
  /** TV creators appear here with the job "Creator". */
  crew: { personId: number; job: string }[];
  companies: { id: number; name: string }[];
  keywords: string[];
  seasons: OfflineSeason[];
}

export interface OfflinePerson {
  id: number;
  name: string;
  searchName: string;
}

export interface OfflineData {
  titles: OfflineTitle[];
  people: Map<number, OfflinePerson>;
}

const DATA_FILES = ['movies-a.json', 'movies-b.json', 'tv.json'] as const;
const SOURCE_DATA_DIR = 'src/server/integrations/catalogue/offline/data';
/** Ids minted for people whose file id belongs to someone else; far above TMDB's real person ids. */
const MINTED_ID_BASE = 900_000_000;

/**
 * Finds data/: from the working directory (the server starts at the repo root), else by walking up
 * from this module (next to it when run from source; from dist/server/ up to the repo when bundled).
 */
export function findOfflineDataDir(): string {
  const candidates = [path.resolve(process.cwd(), SOURCE_DATA_DIR)];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    candidates.push(path.join(dir, 'data'), path.join(dir, SOURCE_DATA_DIR));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const found = candidates.find((c) => fs.existsSync(path.join(c, DATA_FILES[0])));
  if (!found) throw new Error(`Offline catalogue data not found; looked in:\n  ${candidates.join('\n  ')}`);
  return found;
}

function readArray<T>(file: string, schema: z.ZodType<T>): T[] {
  const parsed = z.array(schema).safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Offline catalogue file ${file} is invalid at ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

export function loadOfflineData(dataDir = findOfflineDataDir()): OfflineData {
  const [a, b, tv] = DATA_FILES.map((f) => path.join(dataDir, f));
  const movies = [...readArray(a!, movieSchema), ...readArray(b!, movieSchema)];
  const shows = readArray(tv!, showSchema);
  const people = new PeopleIndex();
  // Register everyone first, in file order, so "first id wins" does not depend on how titles are mapped.
  for (const m of movies) [...m.cast, ...m.crew].forEach((p) => people.register(p));
  for (const s of shows) [...s.cast, ...s.created_by].forEach((p) => people.register(p));
  people.assignIds();
  const imdb = readImdbIds(path.join(dataDir, IMDB_IDS_FILE));
  const titles = [...movies.map((m) => fromMovie(m, people)), ...shows.map((s) => fromShow(s, people))].map((t) => ({ ...t, imdbId: imdb.get(`${t.type}:${t.id}`) ?? null }));
  return { titles, people: people.byId() };
}

/** `"movie:238": "tt0068646"`: the IMDb ids of the titles whose id is known. */
const IMDB_IDS_FILE = 'imdb-ids.json';
function readImdbIds(file: string): Map<string, string> {
  if (!fs.existsSync(file)) return new Map();
  const parsed = z.record(z.string().regex(/^(movie|tv):\d+$/), z.string().regex(/^tt\d+$/)).safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`Offline catalogue file ${file} is invalid: ${parsed.error.issues[0]?.message}`);
  return new Map(Object.entries(parsed.data));
}

const dateOrNull = (d: string | null | undefined) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null);
const yearOf = (d: string | null) => (d ? Number(d.slice(0, 4)) : null);

function fromMovie(m: RawMovie, people: PeopleIndex): OfflineTitle {
  const releaseDate = dateOrNull(m.release_date);
  return {
    ...shared(m, people, 'movie', m.title, releaseDate),
    latestDate: releaseDate,
    runtime: m.runtime,
    certification: m.certification || null,
    crew: m.crew.map((c) => ({ personId: people.idOf(c.name), job: c.job })),
    seasons: [],
  };
}

function fromShow(s: RawShow, people: PeopleIndex): OfflineTitle {
  const releaseDate = dateOrNull(s.first_air_date);
  return {
    ...shared(s, people, 'tv', s.name, releaseDate),
    latestDate: dateOrNull(s.last_air_date) ?? releaseDate,
    runtime: s.episode_run_time,
    certification: s.content_rating || null,
    crew: s.created_by.map((c) => ({ personId: people.idOf(c.name), job: 'Creator' })),
    seasons: s.seasons.map((x) => ({ seasonNumber: x.season_number, name: x.name, airDate: dateOrNull(x.air_date), episodeCount: x.episode_count })),
  };
}

function shared(r: RawMovie | RawShow, people: PeopleIndex, type: MediaType, title: string, releaseDate: string | null) {
  return {
    type,
    id: r.id,
    imdbId: null,
    title,
    searchTitle: normalizeText(title),
    releaseDate,
    year: yearOf(releaseDate),
    genreIds: r.genre_ids,
    tagline: r.tagline ?? '',
    overview: r.overview,
    popularity: r.popularity,
    voteAverage: r.vote_average,
    voteCount: r.vote_count,
    cast: r.cast.map((c) => ({ personId: people.idOf(c.name), character: c.character })),
    companies: r.companies.map((c) => ({ id: c.id, name: c.name })),
    keywords: r.keywords,
  };
}

/**
 * One id per person name. The files were written separately: one name can carry different ids, and
 * one id can be used for two different people. A name takes the first of its ids that nobody took
 * before it; when all are taken, it gets a new id.
 */
class PeopleIndex {
  private readonly idsByName = new Map<string, { name: string; ids: number[] }>();
  private readonly assigned = new Map<string, number>();

  register(p: { id: number; name: string }) {
    const key = normalizeText(p.name);
    const entry = this.idsByName.get(key) ?? { name: p.name, ids: [] };
    if (!entry.ids.includes(p.id)) entry.ids.push(p.id);
    this.idsByName.set(key, entry);
  }

  assignIds() {
    const taken = new Set<number>();
    let minted = MINTED_ID_BASE;
    for (const [key, entry] of this.idsByName) {
      const id = entry.ids.find((candidate) => !taken.has(candidate)) ?? ++minted;
      taken.add(id);
      this.assigned.set(key, id);
    }
  }

  idOf(name: string): number {
    const id = this.assigned.get(normalizeText(name));
    if (id === undefined) throw new Error(`person ${name} was not registered`);
    return id;
  }

  byId(): Map<number, OfflinePerson> {
    const map = new Map<number, OfflinePerson>();
    for (const [key, entry] of this.idsByName) map.set(this.assigned.get(key)!, { id: this.assigned.get(key)!, name: entry.name, searchName: key });
    return map;
  }
}
