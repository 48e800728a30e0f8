-- match_sigs (0018), decision 014: one narrow row per user that the match search scans. Kept in the
-- same transaction as every write that changes it, whoever writes, so the ranking stays exact.

-- Visibility (ruling 19) and favorite genres, recomputed from profiles and user. The rows are locked
-- first and read in a later statement (a new snapshot under READ COMMITTED), so two transactions
-- changing a user's verification and their profile at once leave the state both made.
CREATE FUNCTION match_sigs_refresh(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_sigs (user_id) SELECT DISTINCT i FROM unnest(ids) i ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM match_sigs WHERE user_id IN (SELECT unnest(ids)) ORDER BY user_id FOR UPDATE;
  UPDATE match_sigs s
    SET visible = u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites,
        genres = coalesce(p.favorite_genres, '{}')
    FROM profiles p JOIN "user" u ON u.id = p.id
    WHERE s.user_id = p.id AND p.id IN (SELECT unnest(ids));
END
$$;--> statement-breakpoint
CREATE FUNCTION match_sigs_profiles_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM match_sigs_refresh(ARRAY(SELECT id FROM changed));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION match_sigs_row_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM match_sigs_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_match_sigs_insert AFTER INSERT ON profiles REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION match_sigs_profiles_insert();--> statement-breakpoint
CREATE TRIGGER profiles_match_sigs_update AFTER UPDATE OF is_banned, is_private, show_favorites, favorite_genres ON profiles FOR EACH ROW
  WHEN (OLD.is_banned IS DISTINCT FROM NEW.is_banned OR OLD.is_private IS DISTINCT FROM NEW.is_private
    OR OLD.show_favorites IS DISTINCT FROM NEW.show_favorites OR OLD.favorite_genres IS DISTINCT FROM NEW.favorite_genres)
  EXECUTE FUNCTION match_sigs_row_update();--> statement-breakpoint
CREATE TRIGGER user_match_sigs_update AFTER UPDATE OF email_verified ON "user" FOR EACH ROW
  WHEN (OLD.email_verified IS DISTINCT FROM NEW.email_verified) EXECUTE FUNCTION match_sigs_row_update();--> statement-breakpoint

-- Favorites: the count and the heavy bits. match_rebalance() holds a SHARE lock on favorites while it
-- rewrites the heavy titles, so a write waits for it and then reads the new slots here (this statement
-- runs after the lock is granted, with its own snapshot).
CREATE FUNCTION match_sigs_favorites() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO match_sigs AS s (user_id, n, heavy)
      SELECT c.user_id, count(*)::integer,
        coalesce(bit_or(set_bit(repeat('0', 512)::bit(512), h.slot, 1)), repeat('0', 512)::bit(512))
      FROM changed c LEFT JOIN match_heavy_titles h ON h.media_type = c.media_type AND h.media_id = c.media_id
      GROUP BY c.user_id
      ON CONFLICT (user_id) DO UPDATE SET n = s.n + EXCLUDED.n, heavy = s.heavy | EXCLUDED.heavy;
  ELSE
    UPDATE match_sigs s SET n = greatest(s.n - d.n, 0), heavy = s.heavy & ~d.bits
      FROM (SELECT c.user_id, count(*)::integer AS n,
              coalesce(bit_or(set_bit(repeat('0', 512)::bit(512), h.slot, 1)), repeat('0', 512)::bit(512)) AS bits
            FROM changed c LEFT JOIN match_heavy_titles h ON h.media_type = c.media_type AND h.media_id = c.media_id
            GROUP BY c.user_id) d
      WHERE s.user_id = d.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER favorites_match_sigs_insert AFTER INSERT ON favorites REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION match_sigs_favorites();--> statement-breakpoint
CREATE TRIGGER favorites_match_sigs_delete AFTER DELETE ON favorites REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION match_sigs_favorites();--> statement-breakpoint

-- The most popular titles (at most `slots`, each with at least `min_fans` fans) get a bit, and every
-- user's bits and count are rewritten from favorites, all in one transaction with writes to favorites
-- held back: which titles are heavy changes the search's speed, never its answer.
CREATE FUNCTION match_rebalance(slots integer, min_fans integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  chosen integer;
BEGIN
  LOCK TABLE favorites IN SHARE MODE;
  DELETE FROM match_heavy_titles;
  INSERT INTO match_heavy_titles (media_type, media_id, slot)
    SELECT media_type, media_id, (row_number() OVER (ORDER BY fans DESC, media_type, media_id) - 1)::smallint
    FROM title_fans WHERE fans >= min_fans ORDER BY fans DESC, media_type, media_id LIMIT least(slots, 512);
  GET DIAGNOSTICS chosen = ROW_COUNT;
  UPDATE match_sigs s SET n = coalesce(x.n, 0), heavy = coalesce(x.bits, repeat('0', 512)::bit(512))
    FROM match_sigs s2 LEFT JOIN (
      SELECT f.user_id, count(*)::integer AS n,
        coalesce(bit_or(set_bit(repeat('0', 512)::bit(512), h.slot, 1)), repeat('0', 512)::bit(512)) AS bits
      FROM favorites f LEFT JOIN match_heavy_titles h ON h.media_type = f.media_type AND h.media_id = f.media_id
      GROUP BY f.user_id) x ON x.user_id = s2.user_id
    WHERE s.user_id = s2.user_id AND (s.n IS DISTINCT FROM coalesce(x.n, 0) OR s.heavy IS DISTINCT FROM coalesce(x.bits, repeat('0', 512)::bit(512)));
  RETURN chosen;
END
$$;--> statement-breakpoint

INSERT INTO match_sigs (user_id, n, visible, genres)
  SELECT p.id, (SELECT count(*)::integer FROM favorites f WHERE f.user_id = p.id),
    u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites, coalesce(p.favorite_genres, '{}')
  FROM profiles p JOIN "user" u ON u.id = p.id
  ON CONFLICT (user_id) DO NOTHING;
