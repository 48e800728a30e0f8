-- Access signals (docs/decisions/013-session-cache.md): every change to what a session grants
-- NOTIFYs the channel reelmates_access with the user's id, at commit, whoever writes (Better Auth,
-- our modules, the account deletion's cascade, SQL by hand). Each instance LISTENs on it and drops
-- that user's cached sessions; the writing connection hears its own signal before its COMMIT returns.
-- pg_notify folds identical payloads of one transaction into one signal.
CREATE FUNCTION access_signal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('reelmates_access', (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A session ends (sign-out, revocation, ban, password change or reset, expiry cleanup) or is extended.
CREATE TRIGGER session_access_signal AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION access_signal('user_id');--> statement-breakpoint
-- E-mail, verification, username, name; deletion (which also deletes the sessions).
CREATE TRIGGER user_access_signal AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION access_signal('id');--> statement-breakpoint
-- Ban, founding membership, and what GET /api/session shows of the profile; not the kept counters,
-- which change on every favorite and follow.
CREATE TRIGGER profiles_access_signal AFTER UPDATE ON profiles FOR EACH ROW
  WHEN (OLD.is_banned IS DISTINCT FROM NEW.is_banned OR OLD.ban_reason IS DISTINCT FROM NEW.ban_reason
    OR OLD.founding_member IS DISTINCT FROM NEW.founding_member OR OLD.founding_number IS DISTINCT FROM NEW.founding_number
    OR OLD.full_name IS DISTINCT FROM NEW.full_name OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url)
  EXECUTE FUNCTION access_signal('id');--> statement-breakpoint
-- Roles (admin) and plans (subscriptions, trials).
CREATE TRIGGER user_roles_access_signal AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION access_signal('user_id');--> statement-breakpoint
CREATE TRIGGER subscriptions_access_signal AFTER INSERT OR UPDATE OR DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION access_signal('user_id');
