/**
 * What may reach a log line. Logs are read by more people, and kept longer, than the data they
 * describe, so secrets and user content are dropped on the way in, whoever logs what:
 * - fields whose name says secret or content (password, token, cookie, authorization, secret,
 *   query parameters, message text or body, a database error's detail), at any depth;
 * - errors are rebuilt from a list of harmless fields: Drizzle's "Failed query … params: …"
 *   message and stack lose the parameters (a session token, a message's text), PostgreSQL's data
 *   errors lose the quoted value they echo, and `detail` (the row's values) is left out.
 */

const SECRET_FIELD = /pass(word|phrase)?$|token|secret|cookie|authorization|api[-_]?key|credential|^(params|parameters|text|html|body|detail|content)$/i;

/** Fields of an error that describe it without carrying data. */
const ERROR_FIELDS = ['code', 'status', 'statusCode', 'errno', 'syscall', 'severity', 'routine', 'constraint', 'table', 'column', 'schema', 'dataType', 'query'] as const;

const MAX_DEPTH = 6;
const REDACTED = '[redacted]';

/** A log call's fields, without secrets. The same object when nothing needed to change (the common case). */
export function scrubFields<T extends object>(fields: T): T {
  if (fields instanceof Error) return { err: scrubError(fields, 0, new Set()) } as T;
  let clean = true;
  for (const key in fields) {
    const value = (fields as Record<string, unknown>)[key];
    if (SECRET_FIELD.test(key) || (typeof value === 'object' && value !== null) || (typeof value === 'string' && hasParams(value))) {
      clean = false;
      break;
    }
  }
  return clean ? fields : (scrub(fields, 0, new Set()) as T);
}

/** An error as it may be logged: see the top of this file. */
export function scrubError(err: Error, depth = 0, seen = new Set<object>()): Record<string, unknown> {
  seen.add(err);
  const message = cleanMessage(err);
  const out: Record<string, unknown> = { type: err.constructor?.name ?? err.name, message };
  if (typeof err.stack === 'string') out.stack = cleanStack(err.stack, err.message, message);
  const fields = err as unknown as Record<string, unknown>;
  for (const key of ERROR_FIELDS) {
    const value = fields[key];
    if (value !== undefined && value !== null && typeof value !== 'object') out[key] = typeof value === 'string' ? value.slice(0, 2000) : value;
  }
  if (err.cause !== undefined && depth < MAX_DEPTH) out.cause = seen.has(err.cause as object) ? '[circular]' : scrub(err.cause, depth + 1, seen);
  if (err instanceof AggregateError && depth < MAX_DEPTH) out.errors = err.errors.map((e: unknown) => scrub(e, depth + 1, seen));
  return out;
}

function scrub(value: unknown, depth: number, seen: Set<object>): unknown {
  if (typeof value === 'string') return hasParams(value) ? cutParams(value) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[…]';
  if (value instanceof Error) return scrubError(value, depth, seen);
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1, seen));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (SECRET_FIELD.test(key)) continue;
      out[key] = scrub(v, depth + 1, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

const hasParams = (text: string) => text.includes('params:');
/** Drizzle's DrizzleQueryError message: "Failed query: <sql>\nparams: <values>". */
const cutParams = (text: string) => text.replace(/\bparams: [\s\S]*$/, `params: ${REDACTED}`);

function cleanMessage(err: Error): string {
  let message = typeof err.message === 'string' ? err.message : String(err.message);
  if (hasParams(message)) message = cutParams(message);
  // PostgreSQL's data exceptions (SQLSTATE class 22) quote the offending value in the message.
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('22')) message = message.replace(/"[^"]*"/g, `"${REDACTED}"`);
  return message;
}

function cleanStack(stack: string, original: string, cleaned: string): string {
  if (original && original !== cleaned && stack.includes(original)) return stack.replace(original, cleaned);
  // Not found as is: cut any parameter list up to the first stack frame.
  return hasParams(stack) ? stack.replace(/\bparams: [\s\S]*?(?=\n\s+at |$)/g, `params: ${REDACTED}`) : stack;
}
