import { z } from 'zod';
import { MOVIE_CERTIFICATIONS, TV_CERTIFICATIONS } from './catalogue';
import { text } from './text';

/**
 * Query and path parameters of the catalogue routes (src/shared/api/titles.ts). Every value arrives
 * as text and is checked here. Zod only: runs in the browser too.
 */

const page = z.coerce
  .number({ message: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be from 1 to 500')
  .max(500, 'page must be from 1 to 500')
  .default(1);

const year = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a year` })
    .int(`${name} must be a year`)
    .min(1870, `${name} must be from 1870 to 2100`)
    .max(2100, `${name} must be from 1870 to 2100`)
    .optional();

const positiveId = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`);

/** Accepts ?genres=28&genres=12 and ?genres=28,12 alike. */
const idList = (name: string) =>
  z.preprocess(
    (value) =>
      value === undefined
        ? undefined
        : (Array.isArray(value) ? value : [value])
            .flatMap((v) => String(v).split(','))
            .map((v) => v.trim())
            .filter(Boolean),
    z.array(positiveId(name)).max(30, `at most 30 ${name}`).optional(),
  );

const mediaType = z.enum(['movie', 'tv'], { message: 'type must be movie or tv' });
const query = text().trim().min(1, 'q must not be empty').max(200, 'q must be at most 200 characters');

const certification = z.enum([...MOVIE_CERTIFICATIONS, ...TV_CERTIFICATIONS], { message: 'certification must be a US rating such as PG-13 or TV-MA' }).optional();

/** A movie rating filters movies, a TV rating series; asking TV for PG-13 is a mistake, not an empty page. */
const certificationFits = (v: { type: string; certification?: string }, ctx: z.RefinementCtx) => {
  if (!v.certification || v.type === 'all' || v.type === 'person') return;
  const allowed: readonly string[] = v.type === 'movie' ? MOVIE_CERTIFICATIONS : TV_CERTIFICATIONS;
  if (!allowed.includes(v.certification))
    ctx.addIssue({ code: 'custom', path: ['certification'], message: `${v.certification} is not a ${v.type === 'movie' ? 'movie' : 'TV'} rating` });
};

export const searchQuerySchema = z
  .object({
    q: query,
    type: z.enum(['movie', 'tv', 'person'], { message: 'type must be movie, tv or person' }).default('movie'),
    /** Only titles of this US rating (movie or TV search). */
    certification,
    page,
  })
  .superRefine(certificationFits);

export const suggestQuerySchema = z.object({ q: query });

/** The Discover grid's discovery: type, genres and US rating (free for every signed-in user). */
export const discoverQuerySchema = z.object({ type: mediaType.default('movie'), genres: idList('genres'), certification, page }).superRefine(certificationFits);

/** Advanced Discovery (premium): the Discover filters plus years, streaming services and TMDB rating. */
export const advancedDiscoverQuerySchema = z
  .object({
    type: mediaType.default('movie'),
    genres: idList('genres'),
    yearMin: year('yearMin'),
    yearMax: year('yearMax'),
    providers: idList('providers'),
    certification,
    rating: z.coerce.number({ message: 'rating must be a number' }).min(0, 'rating must be from 0 to 10').max(10, 'rating must be from 0 to 10').optional(),
    page,
  })
  .superRefine((v, ctx) => {
    if (v.yearMin !== undefined && v.yearMax !== undefined && v.yearMin > v.yearMax)
      ctx.addIssue({ code: 'custom', path: ['yearMax'], message: 'yearMax must not be before yearMin' });
    certificationFits(v, ctx);
  });

/** What a caller passes to GET /api/catalogue/advanced-discover (arrays are sent as repeated parameters). */
export type AdvancedDiscoverQuery = z.input<typeof advancedDiscoverQuerySchema>;

export const trendingQuerySchema = z
  .object({ type: z.enum(['all', 'movie', 'tv'], { message: 'type must be all, movie or tv' }).default('all'), certification, page })
  .superRefine(certificationFits);
export const typedPageQuerySchema = z.object({ type: mediaType.default('movie'), page });
export const popularQuerySchema = z.object({ type: mediaType.default('movie'), certification, page }).superRefine(certificationFits);

/** The front-page lists of spec 001 §7; top_rated is of movies or TV, the others of one kind each. */
export const CATALOGUE_LISTS = ['now_playing', 'upcoming', 'top_rated', 'on_the_air'] as const;
export type CatalogueList = (typeof CATALOGUE_LISTS)[number];
export const listParamsSchema = z.object({ list: z.enum(CATALOGUE_LISTS, { message: `list must be one of ${CATALOGUE_LISTS.join(', ')}` }) });
export const listQuerySchema = z.object({ type: mediaType.optional(), page });

export const typeQuerySchema = z.object({ type: mediaType.default('movie') });
export const genresQuerySchema = z.object({ type: z.enum(['all', 'movie', 'tv'], { message: 'type must be all, movie or tv' }).default('all') });
export const pageQuerySchema = z.object({ page });

export const titleParamsSchema = z.object({ type: mediaType, id: positiveId('id') });
export const seasonParamsSchema = z.object({
  id: positiveId('id'),
  season: z.coerce.number({ message: 'season must be a number' }).int('season must be a whole number').min(0, 'season must be 0 or more').max(1000, 'season must be at most 1000'),
});
export const artParamsSchema = z.object({
  type: z.enum(['movie', 'tv', 'person'], { message: 'type must be movie, tv or person' }),
  id: positiveId('id'),
  file: z.enum(['poster.svg', 'backdrop.svg', 'profile.svg'], { message: 'file must be poster.svg, backdrop.svg or profile.svg' }),
});

/** titles=movie:550,tv:1396 — the titles of one grid page (at most 40). */
export const titleProvidersQuerySchema = z.object({
  titles: z
    .string()
    .max(800)
    .transform((raw, ctx) => {
      const keys = [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const parsed: { type: 'movie' | 'tv'; id: number }[] = [];
      for (const key of keys) {
        const m = /^(movie|tv):([1-9]\d{0,9})$/.exec(key);
        if (!m) {
          ctx.addIssue({ code: 'custom', message: `titles must look like movie:550,tv:1396 (got "${key.slice(0, 30)}")` });
          return z.NEVER;
        }
        parsed.push({ type: m[1] as 'movie' | 'tv', id: Number(m[2]) });
      }
      if (parsed.length === 0 || parsed.length > 40) {
        ctx.addIssue({ code: 'custom', message: 'titles must name 1 to 40 titles' });
        return z.NEVER;
      }
      return parsed;
    }),
});
