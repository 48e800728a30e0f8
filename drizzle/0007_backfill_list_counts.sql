-- profiles.favorites_count / watchlist_count (0006): the number of rows each user has in favorites and
-- watchlist, so that the profile view reads two columns instead of counting rows on every view.
-- Kept by statement triggers, in the same transaction as the insert or delete, whoever writes
-- (the lists service, account deletion's cascade, seeds and tests writing SQL). user_id is never updated.
CREATE FUNCTION list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  step integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF TG_TABLE_NAME = 'favorites' THEN
    UPDATE profiles p SET favorites_count = p.favorites_count + step * c.n
      FROM (SELECT user_id, count(*)::integer AS n FROM changed GROUP BY user_id) c WHERE p.id = c.user_id;
  ELSE
    UPDATE profiles p SET watchlist_count = p.watchlist_count + step * c.n
      FROM (SELECT user_id, count(*)::integer AS n FROM changed GROUP BY user_id) c WHERE p.id = c.user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER favorites_count_insert AFTER INSERT ON favorites REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply();--> statement-breakpoint
CREATE TRIGGER favorites_count_delete AFTER DELETE ON favorites REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply();--> statement-breakpoint
CREATE TRIGGER watchlist_count_insert AFTER INSERT ON watchlist REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply();--> statement-breakpoint
CREATE TRIGGER watchlist_count_delete AFTER DELETE ON watchlist REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION list_counts_apply();--> statement-breakpoint
UPDATE profiles p SET
  favorites_count = (SELECT count(*)::integer FROM favorites f WHERE f.user_id = p.id),
  watchlist_count = (SELECT count(*)::integer FROM watchlist w WHERE w.user_id = p.id);
