-- Unread counters (docs/decisions/016-one-query-per-read.md): triggers keep unread_counters exact in
-- the transaction of every write to notifications and messages, whoever writes (our modules, the
-- cascades of an account deletion, SQL by hand). Each change is an increment under the counter row's
-- lock, so concurrent writers add up exactly. The triggers are created before the backfill: CREATE
-- TRIGGER locks the tables against writes until this migration commits, so nothing written meanwhile
-- is counted twice or missed.
CREATE FUNCTION bump_unread(p_user text, p_kind text, p_author text, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_user IS NULL THEN
    RETURN;
  END IF;
  IF p_delta > 0 THEN
    INSERT INTO unread_counters (user_id, kind, author_id, n) VALUES (p_user, p_kind, p_author, p_delta)
    ON CONFLICT (user_id, kind, author_id) DO UPDATE SET n = unread_counters.n + EXCLUDED.n;
  ELSE
    -- No row: the user is being deleted (their rows went first in the cascade); nothing to keep.
    UPDATE unread_counters SET n = n + p_delta WHERE user_id = p_user AND kind = p_kind AND author_id = p_author;
  END IF;
END
$$;--> statement-breakpoint
-- Which counter row a notification counts in: its author's for new_favorite_from_following (shown
-- only while the author's favorites are visible, judged when the count is read), else ''.
CREATE FUNCTION unread_author(p_type text, p_related text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_type = 'new_favorite_from_following' THEN coalesce(p_related, '') ELSE '' END
$$;--> statement-breakpoint
CREATE FUNCTION count_unread_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.read THEN
    PERFORM bump_unread(OLD.user_id, 'notification', unread_author(OLD.type, OLD.related_user_id), -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.read THEN
    PERFORM bump_unread(NEW.user_id, 'notification', unread_author(NEW.type, NEW.related_user_id), 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION count_unread_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.read THEN
    PERFORM bump_unread(OLD.receiver_id, 'message', '', -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.read THEN
    PERFORM bump_unread(NEW.receiver_id, 'message', '', 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notifications_unread_insert_delete AFTER INSERT OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION count_unread_notifications();--> statement-breakpoint
-- Only updates that move a notification in or out of a counter: read, recipient, type or author
-- (the author is set to NULL when their account is deleted).
CREATE TRIGGER notifications_unread_update AFTER UPDATE ON notifications FOR EACH ROW
  WHEN (OLD.read IS DISTINCT FROM NEW.read OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.related_user_id IS DISTINCT FROM NEW.related_user_id)
  EXECUTE FUNCTION count_unread_notifications();--> statement-breakpoint
CREATE TRIGGER messages_unread_insert_delete AFTER INSERT OR DELETE ON messages FOR EACH ROW EXECUTE FUNCTION count_unread_messages();--> statement-breakpoint
-- Read, or the receiver (set to NULL when their account is deleted).
CREATE TRIGGER messages_unread_update AFTER UPDATE ON messages FOR EACH ROW
  WHEN (OLD.read IS DISTINCT FROM NEW.read OR OLD.receiver_id IS DISTINCT FROM NEW.receiver_id)
  EXECUTE FUNCTION count_unread_messages();--> statement-breakpoint
-- Backfill: what is unread today.
INSERT INTO unread_counters (user_id, kind, author_id, n)
  SELECT user_id, 'notification', unread_author(type, related_user_id), count(*)::int FROM notifications WHERE NOT read
  GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO unread_counters (user_id, kind, author_id, n)
  SELECT receiver_id, 'message', '', count(*)::int FROM messages WHERE NOT read AND receiver_id IS NOT NULL
  GROUP BY 1;
