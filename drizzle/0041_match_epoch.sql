CREATE TABLE "match_epoch" (
	"backend" integer PRIMARY KEY NOT NULL,
	"v" bigint NOT NULL
);
--> statement-breakpoint
-- ADR 087: every write to what a matches page (and the dashboard's genre fill-up) reads adds 1 to
-- the writing backend's own row, so two writers never wait on one row; the sum of the rows changes
-- with every such commit, and a page kept under the sum a request reads is still exact.
CREATE FUNCTION match_epoch_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_epoch AS e (backend, v) VALUES (pg_backend_pid(), 1)
    ON CONFLICT (backend) DO UPDATE SET v = e.v + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER favorites_match_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON favorites FOR EACH STATEMENT EXECUTE FUNCTION match_epoch_bump();--> statement-breakpoint
CREATE TRIGGER profiles_match_epoch AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF favorite_genres, boost_expires_at, favorites_count, followers_count, full_name, avatar_url, is_demo, is_banned, is_private, show_favorites
  ON profiles FOR EACH STATEMENT EXECUTE FUNCTION match_epoch_bump();--> statement-breakpoint
CREATE TRIGGER user_match_epoch AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF username, display_username, email_verified
  ON "user" FOR EACH STATEMENT EXECUTE FUNCTION match_epoch_bump();--> statement-breakpoint
CREATE TRIGGER follows_match_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON follows FOR EACH STATEMENT EXECUTE FUNCTION match_epoch_bump();--> statement-breakpoint
CREATE TRIGGER user_blocks_match_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_blocks FOR EACH STATEMENT EXECUTE FUNCTION match_epoch_bump();--> statement-breakpoint
CREATE TRIGGER user_mutes_match_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_mutes FOR EACH STATEMENT EXECUTE FUNCTION match_epoch_bump();--> statement-breakpoint
CREATE TRIGGER match_sigs_match_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON match_sigs FOR EACH STATEMENT EXECUTE FUNCTION match_epoch_bump();--> statement-breakpoint
CREATE TRIGGER match_heavy_titles_match_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON match_heavy_titles FOR EACH STATEMENT EXECUTE FUNCTION match_epoch_bump();
