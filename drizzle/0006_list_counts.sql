ALTER TABLE "profiles" ADD COLUMN "favorites_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "watchlist_count" integer DEFAULT 0 NOT NULL;