import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { declaredRoutes } from '../test/route-tables';

/**
 * Every API route is declared once, in a module's table in src/shared/api (docs/architecture.md,
 * "Adding a route"). This walks every table and every module's source: a route without an access
 * level or a response schema, a path-pattern guard, an untyped response or a route declared
 * beside the tables fails here.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const modulesDir = path.join(root, 'src/server/modules');
const ACCESS = ['visitor', 'visitorOrUser', 'user', 'admin', 'premium'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

const kindOf = (schema: z.ZodType | undefined) => (schema as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type;

describe('the route tables', () => {
  it('declare every route with an access level and a typed response schema', async () => {
    const tables = await declaredRoutes();
    expect(tables.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { file, name, contract } of tables) {
      const where = `${file} ${name} (${contract.method.toUpperCase()} ${contract.path})`;
      if (!ACCESS.includes(contract.access)) problems.push(`${where}: no access level`);
      const kind = kindOf(contract.response);
      if (!kind) problems.push(`${where}: no response schema`);
      else if (kind === 'any' || kind === 'unknown') problems.push(`${where}: response is z.${kind}()`);
      if (!contract.summary?.trim()) problems.push(`${where}: no summary`);
    }
    expect(problems).toEqual([]);
  });

  it('declare each method and path once', async () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const { file, name, contract } of await declaredRoutes()) {
      const key = `${contract.method} ${contract.path}`;
      if (seen.has(key)) dupes.push(`${key}: ${seen.get(key)} and ${file} ${name}`);
      seen.set(key, `${file} ${name}`);
    }
    expect(dupes).toEqual([]);
  });

  it('are the only place routes are declared: no path-pattern guard, no z.any() and no createRoute in the modules', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(modulesDir)) {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(root, file);
      if (/z\.any\(\)/.test(text)) problems.push(`${rel}: z.any()`);
      if (/\.use\(\s*['"`]\//.test(text)) problems.push(`${rel}: a path-pattern guard (.use('/...'))`);
      if (/\bcreateRoute\(/.test(text)) problems.push(`${rel}: createRoute outside a route table`);
    }
    expect(problems).toEqual([]);
  });
});
