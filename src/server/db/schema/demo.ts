import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { forums } from './forums';

/**
 * Forums that `npm run seed` created (decision 040). Forums have no owner, so this is how
 * `--reset` knows which ones are demo data: it removes those left without threads, and never a
 * forum that existed before the seed.
 */
export const demoForums = pgTable('demo_forums', {
  forumId: uuid('forum_id')
    .primaryKey()
    .references(() => forums.id, { onDelete: 'cascade' }),
});
