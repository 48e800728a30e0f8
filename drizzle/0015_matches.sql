CREATE TABLE "match_daily" (
	"user_id" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"match_ids" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "title_fans" (
	"media_type" text NOT NULL,
	"media_id" integer NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "title_fans_media_type_media_id_pk" PRIMARY KEY("media_type","media_id")
);
--> statement-breakpoint
ALTER TABLE "match_daily" ADD CONSTRAINT "match_daily_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_boost_idx" ON "profiles" USING btree ("boost_expires_at") WHERE "profiles"."boost_expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_favorites_count_idx" ON "profiles" USING btree ("favorites_count");