CREATE TABLE "match_sigs_gone" (
	"user_id" text NOT NULL,
	"changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_sigs_horizon" (
	"id" smallint PRIMARY KEY NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_sigs" ADD COLUMN "changed" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "match_sigs_gone_changed_idx" ON "match_sigs_gone" USING btree ("changed");--> statement-breakpoint
CREATE INDEX "match_sigs_changed_idx" ON "match_sigs" USING btree ("changed");--> statement-breakpoint
-- Decision 091: each server keeps a copy of match_sigs for the match search and, on each search, reads
-- only the rows written by transactions its copy's snapshot has not seen (changed >= the snapshot's
-- xmin, and not visible in it). A BEFORE trigger stamps every written row; deletions leave a
-- tombstone; pruning tombstones or truncating moves the horizon, which makes every copy read anew.
CREATE FUNCTION match_sigs_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER match_sigs_stamp BEFORE UPDATE ON match_sigs FOR EACH ROW EXECUTE FUNCTION match_sigs_stamp();--> statement-breakpoint
CREATE FUNCTION match_sigs_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_sigs_gone (user_id) SELECT user_id FROM gone;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER match_sigs_deleted AFTER DELETE ON match_sigs REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION match_sigs_deleted();--> statement-breakpoint
CREATE FUNCTION match_sigs_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE match_sigs_horizon SET xid = pg_current_xact_id() WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER match_sigs_truncated AFTER TRUNCATE ON match_sigs FOR EACH STATEMENT EXECUTE FUNCTION match_sigs_truncated();--> statement-breakpoint
INSERT INTO match_sigs_horizon (id) VALUES (1);
