CREATE TABLE "unread_counters" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"author_id" text DEFAULT '' NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "unread_counters_user_id_kind_author_id_pk" PRIMARY KEY("user_id","kind","author_id")
);
--> statement-breakpoint
ALTER TABLE "unread_counters" ADD CONSTRAINT "unread_counters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;