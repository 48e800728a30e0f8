CREATE TABLE "match_heavy_titles" (
	"media_type" text NOT NULL,
	"media_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	CONSTRAINT "match_heavy_titles_media_type_media_id_pk" PRIMARY KEY("media_type","media_id"),
	CONSTRAINT "match_heavy_titles_slot_unique" UNIQUE("slot")
);
--> statement-breakpoint
CREATE TABLE "match_sigs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"heavy" bit(512) DEFAULT repeat('0', 512)::bit(512) NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"genres" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_sigs" ADD CONSTRAINT "match_sigs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;