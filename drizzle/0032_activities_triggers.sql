-- The activity feed (docs/decisions/052-activity-feed.md): triggers write a followed person's
-- activities in the transaction of the change itself, whoever writes (the lists and forums modules,
-- an import, SQL by hand). Removing the source row (a favorite, a watchlist entry, a thread) removes
-- its activities by the foreign keys' cascade. A transaction that sets
-- `SET LOCAL reelmates.quiet_activity = 'on'` (a bulk import) writes none.
CREATE FUNCTION activity_quiet() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('reelmates.quiet_activity', true), '') = 'on'
$$;--> statement-breakpoint
CREATE FUNCTION record_favorite_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF activity_quiet() OR NEW.media_id <= 0 OR btrim(NEW.title) = '' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activities (actor_id, kind, media_type, media_id, title, poster_path, rating, favorite_id, created_at)
    VALUES (NEW.user_id, 'favorite', NEW.media_type, NEW.media_id, NEW.title, NEW.poster_path, NEW.user_rating, NEW.id, clock_timestamp());
  ELSIF NEW.user_rating IS DISTINCT FROM OLD.user_rating THEN
    -- One "rated" row per favorite: the latest change replaces the one before.
    DELETE FROM activities WHERE favorite_id = NEW.id AND kind = 'rating';
    INSERT INTO activities (actor_id, kind, media_type, media_id, title, poster_path, rating, favorite_id, created_at)
    VALUES (NEW.user_id, 'rating', NEW.media_type, NEW.media_id, NEW.title, NEW.poster_path, NEW.user_rating, NEW.id, clock_timestamp());
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER favorites_activity AFTER INSERT OR UPDATE OF user_rating ON favorites
  FOR EACH ROW EXECUTE FUNCTION record_favorite_activity();--> statement-breakpoint
CREATE FUNCTION record_watchlist_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF activity_quiet() OR NEW.media_id <= 0 OR btrim(NEW.title) = '' THEN
    RETURN NULL;
  END IF;
  INSERT INTO activities (actor_id, kind, media_type, media_id, title, poster_path, watchlist_id, created_at)
  VALUES (NEW.user_id, 'watchlist', NEW.media_type, NEW.media_id, NEW.title, NEW.poster_path, NEW.id, clock_timestamp());
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER watchlist_activity AFTER INSERT ON watchlist
  FOR EACH ROW EXECUTE FUNCTION record_watchlist_activity();--> statement-breakpoint
-- Started watching: the currently watching title changed to another one (setting the same title
-- again is not news). A title watched again replaces its earlier row; clearing keeps the past row.
CREATE FUNCTION record_watching_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF activity_quiet() OR NEW.currently_watching_media_id IS NULL OR NEW.currently_watching_media_type IS NULL
     OR NEW.currently_watching_title IS NULL
     OR (NEW.currently_watching_media_id IS NOT DISTINCT FROM OLD.currently_watching_media_id
         AND NEW.currently_watching_media_type IS NOT DISTINCT FROM OLD.currently_watching_media_type) THEN
    RETURN NULL;
  END IF;
  DELETE FROM activities WHERE actor_id = NEW.id AND kind = 'watching'
    AND media_type = NEW.currently_watching_media_type AND media_id = NEW.currently_watching_media_id;
  INSERT INTO activities (actor_id, kind, media_type, media_id, title, poster_path, created_at)
  VALUES (NEW.id, 'watching', NEW.currently_watching_media_type, NEW.currently_watching_media_id, NEW.currently_watching_title,
          NEW.currently_watching_poster_path, clock_timestamp());
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER profiles_watching_activity AFTER UPDATE OF currently_watching_media_id, currently_watching_media_type ON profiles
  FOR EACH ROW EXECUTE FUNCTION record_watching_activity();--> statement-breakpoint
CREATE FUNCTION record_thread_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT activity_quiet() THEN
      INSERT INTO activities (actor_id, kind, title, thread_id, created_at)
      VALUES (NEW.author_id, 'thread', NEW.title, NEW.id, clock_timestamp());
    END IF;
  ELSIF NEW.title IS DISTINCT FROM OLD.title THEN
    UPDATE activities SET title = NEW.title WHERE thread_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER forum_threads_activity AFTER INSERT OR UPDATE OF title ON forum_threads
  FOR EACH ROW EXECUTE FUNCTION record_thread_activity();
