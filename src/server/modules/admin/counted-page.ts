import { ADMIN_PAGE_SIZE } from '../../../shared/admin';

interface PageStatements<R> {
  page: { execute(values: { offset: number }): Promise<R[]> };
  total: { execute(): Promise<{ n: number }[]> };
}

/**
 * A page of an admin list whose rows carry the list's total (a scalar subquery, so one statement);
 * a page past the end has no row to carry it, so only then is the total counted alone.
 */
export async function countedPage<R extends { total: number }>(statements: PageStatements<R>, page: number): Promise<{ rows: R[]; total: number }> {
  const rows = await statements.page.execute({ offset: (page - 1) * ADMIN_PAGE_SIZE });
  return { rows, total: rows[0]?.total ?? (await statements.total.execute())[0]?.n ?? 0 };
}
