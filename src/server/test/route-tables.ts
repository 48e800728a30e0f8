import fs from 'node:fs';
import path from 'node:path';
import type { RouteContract } from '../../shared/api/contract';

/** One declared route: the table's file (e.g. lists.ts), the route's name in it, its contract. */
export interface DeclaredRoute {
  file: string;
  name: string;
  contract: RouteContract;
}

/** src/shared/api, where every module's route table is. */
export const ROUTE_TABLES_DIR = path.resolve(import.meta.dirname, '../../shared/api');

/**
 * Every route of the route tables in `dir`, in file order then table order: the one enumeration
 * the route-table checks, the route bench and the fuzzing gate walk. Anything exported that is not
 * a table of contracts (a schema, a helper) is passed over; a table re-exported under a second
 * name is listed once.
 */
export async function declaredRoutes(dir = ROUTE_TABLES_DIR): Promise<DeclaredRoute[]> {
  const found: DeclaredRoute[] = [];
  const seen = new Set<RouteContract>();
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'contract.ts' && !f.endsWith('.test.ts'))
    .sort()) {
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const table of Object.values(mod)) {
      if (!table || typeof table !== 'object') continue;
      for (const [name, contract] of Object.entries(table as Record<string, RouteContract>)) {
        if (!contract || typeof contract !== 'object' || typeof contract.path !== 'string' || typeof contract.method !== 'string') continue;
        if (seen.has(contract)) continue;
        seen.add(contract);
        found.push({ file, name, contract });
      }
    }
  }
  return found;
}
