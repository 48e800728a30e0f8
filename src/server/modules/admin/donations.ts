import { count, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminDonation } from '../../../shared/admin';
import type { Database } from '../../db/client';
import { donations, user } from '../../db/schema';

/** Donations for the admin area (ruling 15): newest first, a page of 20, with the signed-in donor when there was one. */
export async function listDonations(db: Database, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: donations.id,
        amountCents: donations.amountCents,
        currency: donations.currency,
        createdAt: donations.createdAt,
        donorId: user.id,
        email: user.email,
        username: sql<string | null>`coalesce(${user.displayUsername}, ${user.username})`,
      })
      .from(donations)
      .leftJoin(user, eq(user.id, donations.userId))
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(donations),
  ]);
  return {
    donations: rows.map((r): AdminDonation => ({
      id: r.id,
      amountCents: r.amountCents,
      currency: r.currency,
      donor: r.donorId && r.email ? { id: r.donorId, username: r.username ?? null, email: r.email } : null,
      status: 'completed',
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
