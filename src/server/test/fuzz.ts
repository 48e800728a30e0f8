import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteContract } from '../../shared/api/contract';
import { type Database, queryRows } from '../db/client';

/**
 * The fuzzing gate's pieces (issue 19, item 2; ADR in docs/decisions): bad inputs generated with
 * fast-check from a route's own schemas (read as JSON Schema, so every limit a schema declares is
 * tried at and past its edge), the URL and body one of them makes, and a count of every table's
 * rows to show that a refused input changed nothing. The properties are in http/fuzz.api.test.ts.
 */

/** The part of JSON Schema the generators read. */
export interface Json {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: Json[];
  oneOf?: Json[];
  properties?: Record<string, Json>;
  items?: Json;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
}

/** A schema's input side as JSON Schema; what JSON Schema cannot say (a transform, a refinement) reads as "anything". */
export function jsonSchemaOf(schema: z.ZodType): Json {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    return {};
  }
}

const typeOf = (node: Json): string | undefined =>
  (Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type) ?? (node.anyOf ?? node.oneOf)?.map(typeOf).find(Boolean);

/** Beyond every length limit of the tables, and past the body limit too. */
const HUGE = 'x'.repeat(200_000);

/** One character or sequence that has broken servers, to put inside an otherwise good value. */
const nastyChar = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u202e',
  '\u200b',
  '\u0301',
  '\uffff',
  '\r\n',
  '%00',
  '%2F',
  '/',
  '\\',
  "'",
  '"',
);

/** `base` with a nasty character put in at some place. */
export const injected = (base: string): fc.Arbitrary<string> => fc.tuple(fc.nat(base.length), nastyChar).map(([at, c]) => base.slice(0, at) + c + base.slice(at));

/** Strings that have broken servers: control characters, NUL, broken and odd unicode, encodings, numbers as text. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   \t',
    '\u0000',
    'a\u0000b',
    '\u0001\u0002\u0008\u001b\u001f\u007f',
    '\r\n\t\v\f',
    '\ud800',
    'x\udfffy',
    '\udc00\ud800',
    '\ufeff',
    '\u202egnp.exe',
    '\u200b\u200d\u2060',
    'e\u0301\u0301\u0301\u0301',
    '👩‍👩‍👧‍👦',
    '\uffff\ufffe',
    '%2F',
    'a/b',
    '..%2F..%2Fetc',
    '../../etc/passwd',
    '%00',
    '%',
    '%zz',
    '-1',
    '0',
    '1.5',
    '1e999',
    'NaN',
    'Infinity',
    '9007199254740993',
    '0x1F',
    'null',
    'undefined',
    '[]',
    '{}',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    HUGE,
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  // NaN and ±Infinity are written as null by JSON.stringify: a null where a number is expected.
  fc.double(),
);

/** Values of the wrong kind for any field: null, booleans, arrays and objects. */
const wrongKind: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 2 }),
);

/** Values at and just past the limits `node` declares. */
function edges(node: Json): unknown[] {
  const out: unknown[] = [];
  if (node.maxLength !== undefined) out.push('a'.repeat(node.maxLength), 'a'.repeat(node.maxLength + 1));
  if (node.minLength) out.push('a'.repeat(node.minLength - 1));
  for (const n of [node.minimum, node.maximum, node.exclusiveMinimum, node.exclusiveMaximum]) if (n !== undefined) out.push(n - 1, n, n + 1);
  if (typeOf(node) === 'integer') out.push(1.5, '1');
  if (node.maxItems !== undefined && node.items) out.push(Array.from({ length: node.maxItems + 1 }, () => 'a'));
  if (node.enum) out.push('not-one-of-them', ...node.enum.filter((v) => typeof v === 'string').map((v) => v.toUpperCase() + ' '));
  return out;
}

/** A bad value for a field of schema `node`. */
export function badValue(node: Json, depth = 0, s: Samples = NO_SAMPLES): fc.Arbitrary<unknown> {
  const choices: fc.Arbitrary<unknown>[] = [nastyString, nastyNumber, wrongKind];
  // A string field mostly gets a good value with one bad character in it, which reaches further.
  if (typeOf(node) === 'string' && !node.enum) choices.push(injected(String(sensible(node, '', s))), injected(String(sensible(node, '', s))));
  const limits = edges(node);
  if (limits.length) choices.push(fc.constantFrom(...limits), fc.constantFrom(...limits));
  if (node.properties && depth < 2) choices.push(objectOf(node, depth + 1, s));
  return fc.oneof(...choices);
}

/** What a value the schema would take looks like: the other parts of a request are this, so that one bad part is what is tried. */
export interface Samples {
  /** An existing user's id and name, for ids of users. */
  userId: string;
  username: string;
}

const NO_SAMPLES: Samples = { userId: 'u', username: 'u' };

let fresh = 0;
export function sensible(node: Json, name: string, s: Samples): unknown {
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  if (node.default !== undefined) return node.default;
  const alt = (node.anyOf ?? node.oneOf)?.find((a) => a.type !== 'null');
  if (alt) return sensible(alt, name, s);
  const type = typeOf(node);
  if (type === 'integer' || type === 'number') {
    const low = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -Infinity);
    const high = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : Infinity);
    return Math.min(Math.max(/^(id|mediaId)$/.test(name) ? 550 : 1, low), high);
  }
  if (type === 'boolean') return true;
  if (type === 'array') return node.items ? [sensible(node.items, name, s)] : [];
  if (type === 'object' || node.properties) return Object.fromEntries(Object.entries(node.properties ?? {}).map(([k, v]) => [k, sensible(v, k, s)]));
  if (type === 'null') return null;
  if (node.format === 'uuid') return '00000000-0000-4000-8000-000000000019';
  if (node.format === 'email' || /email/i.test(name)) return `fuzz${++fresh}@example.com`;
  if (node.format === 'uri' || /url/i.test(name)) return 'https://example.com/x';
  if (/^(userId|id)$/.test(name)) return s.userId;
  if (name === 'username') return s.username;
  const text = 'hello'.padEnd(node.minLength ?? 0, 'o');
  return node.maxLength !== undefined ? text.slice(0, node.maxLength) : text;
}

const OMIT = Symbol('omit');
const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'isAdmin', 'role', 'userId', ''];

/** An object of schema `node` with each field kept, left out or made bad, and maybe a field it does not declare. */
export function objectOf(node: Json, depth = 0, s: Samples = NO_SAMPLES): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(node.properties ?? {}).map(([key, child]) =>
    fc
      .oneof({ weight: 2, arbitrary: fc.constant(sensible(child, key, s)) }, { weight: 1, arbitrary: fc.constant(OMIT) }, { weight: 3, arbitrary: badValue(child, depth, s) })
      .map((v) => [key, v] as const),
  );
  return fc.tuple(fc.tuple(...fields), fc.option(fc.tuple(fc.constantFrom(...EXTRA_KEYS), badValue({}, 2)), { freq: 3 })).map(([pairs, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of pairs) if (v !== OMIT) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** One request's inputs. A body is JSON (stringified by the test) or raw text with a content type. */
export interface FuzzInput {
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: { json: unknown } | { raw: string; type: string };
}

/** Bad inputs for a route: each of its parts (params, query, body) sensible or bad. Routes without inputs get unexpected ones. */
export function inputsFor(contract: RouteContract, s: Samples): fc.Arbitrary<FuzzInput> {
  const text = (node: Json, key: string) => String(sensible(node, key, s));
  const stringArb = (node: Json, key: string): fc.Arbitrary<string> =>
    fc.oneof(nastyString, injected(text(node, key)), ...(edges(node).length ? [fc.constantFrom(...edges(node).map(String))] : []));

  // Params: each good or bad.
  const paramsNode = contract.params ? jsonSchemaOf(contract.params) : undefined;
  const paramEntries = Object.entries(paramsNode?.properties ?? {});
  const badParams = fc.record(
    Object.fromEntries(paramEntries.map(([k, node]) => [k, fc.oneof({ weight: 1, arbitrary: fc.constant(text(node, k)) }, { weight: 2, arbitrary: stringArb(node, k) })])),
  );

  // Query: each declared key good, bad, repeated or left out, maybe an undeclared one.
  const queryNode = contract.query ? jsonSchemaOf(contract.query) : { properties: {} };
  const queryEntries = Object.entries(queryNode.properties ?? {});
  const queryValue = (node: Json, k: string) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant(text(node, k)) },
      { weight: 3, arbitrary: stringArb(node, k) },
      { weight: 1, arbitrary: fc.array(stringArb(node, k), { minLength: 2, maxLength: 3 }) },
    );
  const badQuery = fc
    .tuple(
      fc.tuple(...queryEntries.map(([k, node]) => fc.option(queryValue(node, k), { freq: 4 }).map((v) => [k, v] as const))),
      fc.option(fc.tuple(fc.constantFrom('extra', 'limit', 'offset', '__proto__'), queryValue({}, 'extra'))),
    )
    .map(([pairs, extra]) => {
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of [...pairs, ...(extra ? [extra] : [])]) if (v !== null) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    });

  // Body: fields good, bad or left out; the wrong kind altogether; malformed JSON; another media type.
  const bodyNode = contract.body ? jsonSchemaOf(contract.body) : undefined;
  const goodBody = goodInput(contract, s).body;
  const raw = fc.constantFrom(
    { raw: '{"unterminated": ', type: 'application/json' },
    { raw: '', type: 'application/json' },
    { raw: 'not json at all', type: 'application/json' },
    { raw: JSON.stringify(goodBody && 'json' in goodBody ? goodBody.json : {}), type: 'text/plain' },
    { raw: 'a=1&b=%00', type: 'application/x-www-form-urlencoded' },
  );
  const wholeWrong = fc.oneof(wrongKind, nastyString, nastyNumber, bodyNode ? fc.array(objectOf(bodyNode, 1, s), { maxLength: 2 }) : fc.constant([]));
  const badBody: fc.Arbitrary<FuzzInput['body']> = bodyNode
    ? fc.oneof(
        { weight: 6, arbitrary: (bodyNode.properties ? objectOf(bodyNode, 0, s) : badValue(bodyNode, 0, s)).map((json) => ({ json })) },
        { weight: 2, arbitrary: wholeWrong.map((json) => ({ json })) },
        { weight: 1, arbitrary: raw },
      )
    : fc.oneof(
        wholeWrong.map((json) => ({ json })),
        raw,
      );
  // A GET has no body (fetch refuses one).
  const hasBody = contract.method !== 'get';

  // One part bad and the others good, so that each bad part reaches its check; now and then all bad.
  const good = goodInput(contract, s);
  const variants: fc.WeightedArbitrary<FuzzInput>[] = [{ weight: 2, arbitrary: badQuery.map((query) => ({ ...good, query })) }];
  if (paramsNode) variants.push({ weight: 2, arbitrary: badParams.map((params) => ({ ...good, params })) });
  if (hasBody) variants.push({ weight: bodyNode ? 4 : 1, arbitrary: badBody.map((body) => ({ ...good, body })) });
  variants.push({
    weight: 1,
    arbitrary: fc.record({ params: paramsNode ? badParams : fc.constant(undefined), query: badQuery, body: hasBody ? badBody : fc.constant(undefined) }),
  });
  return fc.oneof(...variants).map(({ params, query, body }) => ({
    ...(params ? { params } : {}),
    ...(query && Object.keys(query).length ? { query } : {}),
    ...(body ? { body } : {}),
  }));
}

/** A path parameter as it goes on the wire: percent-encoded (a lone surrogate, which cannot be, as U+FFFD). */
const wire = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** A request the route's schemas take: every part sensible (a query only when the schema needs one). */
export function goodInput(contract: RouteContract, s: Samples): FuzzInput {
  const paramsNode = contract.params ? jsonSchemaOf(contract.params) : undefined;
  const queryNode = contract.query ? jsonSchemaOf(contract.query) : undefined;
  const bodyNode = contract.body ? jsonSchemaOf(contract.body) : undefined;
  const strings = (node: Json | undefined) => Object.fromEntries(Object.entries(node?.properties ?? {}).map(([k, v]) => [k, String(sensible(v, k, s))]));
  return {
    ...(paramsNode ? { params: strings(paramsNode) } : {}),
    ...(queryNode && contract.query?.safeParse({}).success === false ? { query: strings(queryNode) } : {}),
    ...(bodyNode && contract.method !== 'get' ? { body: { json: sensible(bodyNode, '', s) } } : {}),
  };
}

/** Every string of a value, as a path of keys. */
function stringPaths(value: unknown, at: string[] = []): string[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

function withStringAt(value: unknown, at: string[], change: (s: string) => string): unknown {
  if (at.length === 0) return change(String(value));
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[at[0]!] = withStringAt(copy[at[0]!], at.slice(1), change);
  return copy;
}

/**
 * The inputs every run starts with (fast-check's examples, within the run count): the good
 * request with a NUL in each of its strings (params, query, body; `max` at most), then a lone
 * surrogate and an escape character in the first. The nastiest characters are not left to chance.
 */
export function examplesFor(contract: RouteContract, s: Samples, max = 5): FuzzInput[] {
  const good = goodInput(contract, s);
  const places = stringPaths(good).filter((at) => at[0] !== 'body' || at[1] === 'json');
  const mutate = (at: string[], c: string) => withStringAt(good, at, (v) => v.slice(0, 2) + c + v.slice(2)) as FuzzInput;
  const out = places.map((at) => mutate(at, '\u0000'));
  if (places[0]) out.push(mutate(places[0], '\ud800'), mutate(places[0], '\u001b'));
  return out.slice(0, max);
}

/** The URL of a request: /api, the route's path with the params encoded, and the query. */
export function urlFor(contract: RouteContract, input: FuzzInput): string {
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => wire(input.params?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) for (const one of [v].flat()) search.append(k, one);
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** The params and query the server reads from that URL (Hono: decodeURI of the path, then each param decoded again). */
export function seenByServer(contract: RouteContract, url: string): { params: Record<string, string>; query: Record<string, string | string[]> } {
  const parsed = new URL(url, 'http://localhost');
  let path = parsed.pathname.slice('/api'.length);
  try {
    path = decodeURI(path);
  } catch {
    // Hono keeps a path it cannot decode as it is.
  }
  const names = [...contract.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(`^${contract.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '([^/]*)')}$`);
  const match = pattern.exec(path);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match?.[i + 1] ?? '';
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  });
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(parsed.searchParams.keys())) {
    const all = parsed.searchParams.getAll(key);
    query[key] = all.length === 1 ? all[0]! : all;
  }
  return { params, query };
}

/** Whether the route's own schemas refuse the input as the server reads it. */
export function schemaRefuses(contract: RouteContract, input: FuzzInput, url: string): boolean {
  const seen = seenByServer(contract, url);
  // The form routes (the avatar) take multipart only, which these inputs never are.
  if (contract.form) return true;
  if (contract.params && !contract.params.safeParse(seen.params).success) return true;
  if (contract.query && !contract.query.safeParse(seen.query).success) return true;
  if (contract.body) {
    if (!input.body || 'raw' in input.body) return true;
    // What JSON makes of it (NaN becomes null, undefined goes).
    const sent: unknown = JSON.parse(JSON.stringify(input.body.json) ?? 'null');
    if (!contract.body.safeParse(sent).success) return true;
  }
  return false;
}

/**
 * A counter of the rows per table of the public schema, counted exactly (count(*), not the statistics), as one
 * string. `rate_counters` is left out: a limit counts every hit, a refused input's too, before the
 * input is read (the route table's order: access, limit, validation).
 */
export async function rowCounter(db: Database): Promise<() => Promise<string>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_counters' order by table_name`,
  );
  const union = sql.raw(tables.map(({ table_name: t }) => `select '${t}' as t, count(*)::int as n from "${t}"`).join(' union all '));
  return async () => (await queryRows<{ t: string; n: number }>(db, union)).map((r) => `${r.t}=${r.n}`).join(' ');
}
