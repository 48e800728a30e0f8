CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text NOT NULL,
	"kind" text NOT NULL,
	"media_type" text,
	"media_id" integer,
	"title" text NOT NULL,
	"poster_path" text,
	"rating" integer,
	"favorite_id" uuid,
	"watchlist_id" uuid,
	"thread_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_rating_range" CHECK ("activities"."rating" IS NULL OR "activities"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_favorite_id_favorites_id_fk" FOREIGN KEY ("favorite_id") REFERENCES "public"."favorites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_watchlist_id_watchlist_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_actor_created_idx" ON "activities" USING btree ("actor_id","created_at","id","kind");--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("created_at","id","actor_id","kind");--> statement-breakpoint
CREATE INDEX "activities_favorite_idx" ON "activities" USING btree ("favorite_id") WHERE "activities"."favorite_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_watchlist_idx" ON "activities" USING btree ("watchlist_id") WHERE "activities"."watchlist_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "activities_thread_idx" ON "activities" USING btree ("thread_id") WHERE "activities"."thread_id" IS NOT NULL;