import { count, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminDonation } from '../../../shared/admin';
import { preparedPerDatabase, sharedRead } from '../../db/batch';
import { countedPage } from './counted-page';
import type { Database } from '../../db/client';
import { donations, user } from '../../db/schema';

/** A page with the total in the same statement, prepared once per database (as the audit log's). */
const statementsOf = preparedPerDatabase((db: Database) => ({
  page: db
    .select({
      id: donations.id,
      amountCents: donations.amountCents,
      currency: donations.currency,
      createdAt: donations.createdAt,
      donorId: user.id,
      email: user.email,
      username: sql<string | null>`coalesce(${user.displayUsername}, ${user.username})`,
      total: sql<number>`(select count(*) from ${donations})`.mapWith(Number),
    })
    .from(donations)
    .leftJoin(user, eq(user.id, donations.userId))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .prepare('admin_donations_page'),
  total: db.select({ n: count() }).from(donations).prepare('admin_donations_total'),
}));

/** Donations for the admin area (ruling 15): newest first, a page of 20, with the signed-in donor when there was one. */
export function listDonations(db: Database, page: number) {
  return readPage(db, String(page));
}

/** Every admin asking for the same page at the same moment shares one read. */
const readPage = sharedRead(async (db, key: string) => {
  const page = Number(key);
  const { rows, total } = await countedPage(statementsOf(db), page);
  return {
    donations: rows.map((r): AdminDonation => ({
      id: r.id,
      amountCents: r.amountCents,
      currency: r.currency,
      donor: r.donorId && r.email ? { id: r.donorId, username: r.username ?? null, email: r.email } : null,
      status: 'completed',
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
});
