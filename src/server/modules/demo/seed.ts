import { sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { type DatabaseHandle, queryRows } from '../../db/client';
import type { Storage } from '../../integrations/storage';
import { uploadKey } from '../../integrations/storage/storage';
import { avatarPng } from './avatar';
import { demoTitles } from './catalogue';
import { generateCommunity } from './community';
import { recount } from './counts';
import { writeCommunity, type WriteCounts } from './write';

export interface SeedOptions {
  size: number;
  seed: string;
  /** SEED_PASSWORD: demo members can sign in with it; without it they have no password at all. */
  password?: string;
}

export interface SeedResult extends WriteCounts {
  totalUsers: number;
  premium: number;
  boosted: number;
  signIn: 'on' | 'off';
}

const DEMO = sql`(SELECT id FROM profiles WHERE is_demo)`;

/** `npm run seed` (decision 040): the demo community of `size` members, written once; a second run changes nothing. */
export async function seedCommunity(database: DatabaseHandle, storage: Storage, options: SeedOptions): Promise<SeedResult> {
  const { db } = database;
  const plan = generateCommunity({ size: options.size, seed: options.seed, titles: await demoTitles() });
  const existing = new Set((await queryRows<{ id: string }>(db, sql`SELECT id FROM "user" WHERE id LIKE ${`demo-${options.seed}-%`}`)).map((r) => r.id));
  // Avatars only for members not made yet: a stored picture is never drawn again.
  const avatars = new Map<string, string>();
  for (const u of plan.users.filter((x) => !existing.has(x.id))) {
    const png = await avatarPng(u.id, u.fullName);
    const key = uploadKey(u.id, png, 'png');
    await storage.put(key, png, 'image/png');
    avatars.set(u.id, storage.publicUrl(key));
  }
  const counts = await db.transaction(async (tx) => {
    const written = await writeCommunity(tx, plan, avatars);
    const ids = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: string }>(tx, q)).map((r) => String(r.id));
    await recount(tx, {
      users: await ids(sql`SELECT id FROM profiles WHERE is_demo`),
      threads: await ids(sql`SELECT id FROM forum_threads WHERE author_id IN ${DEMO}`),
      replies: [],
      forums: await ids(sql`SELECT DISTINCT forum_id AS id FROM forum_threads WHERE author_id IN ${DEMO}`),
    });
    await setPasswords(tx, options.password);
    return written;
  });
  const [totals] = await queryRows<{ users: number; premium: number; boosted: number }>(
    db,
    sql`SELECT count(*)::int AS users, count(*) FILTER (WHERE s.subscribed)::int AS premium, count(*) FILTER (WHERE p.boost_expires_at > now())::int AS boosted
        FROM profiles p LEFT JOIN subscriptions s ON s.user_id = p.id WHERE p.is_demo`,
  );
  return { ...counts, totalUsers: totals!.users, premium: totals!.premium, boosted: totals!.boosted, signIn: options.password ? 'on' : 'off' };
}

/**
 * With a password every demo member gets it (hashed once: the same hash on every row, which is
 * fine for shared demo accounts); a second run with the same password keeps the stored hash.
 * Without one, demo members have no credential at all and their sessions end.
 */
async function setPasswords(tx: DatabaseHandle['db'], password: string | undefined) {
  if (!password) {
    await tx.execute(sql`DELETE FROM account WHERE provider_id = 'credential' AND user_id IN ${DEMO}`);
    await tx.execute(sql`DELETE FROM session WHERE user_id IN ${DEMO}`);
    return;
  }
  const [stored] = await queryRows<{ password: string }>(tx, sql`SELECT password FROM account WHERE provider_id = 'credential' AND user_id IN ${DEMO} LIMIT 1`);
  const same = stored && (await verifyPassword({ hash: stored.password, password }));
  const hash = same ? stored.password : await hashPassword(password);
  await tx.execute(sql`INSERT INTO account (id, account_id, provider_id, user_id, password)
    SELECT 'cred-' || id, id, 'credential', id, ${hash} FROM profiles WHERE is_demo
    ON CONFLICT (id) DO UPDATE SET password = EXCLUDED.password, updated_at = now() WHERE account.password IS DISTINCT FROM EXCLUDED.password`);
}
