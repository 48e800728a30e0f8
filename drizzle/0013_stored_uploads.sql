CREATE TABLE "stored_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_uploads_key_in_folder" CHECK (starts_with("stored_uploads"."key", "stored_uploads"."user_id" || '/')),
	CONSTRAINT "stored_uploads_body_size" CHECK (octet_length("stored_uploads"."body") <= 2097152),
	CONSTRAINT "stored_uploads_content_type" CHECK ("stored_uploads"."content_type" in ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "stored_uploads" ADD CONSTRAINT "stored_uploads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_uploads_user_id_idx" ON "stored_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stored_uploads_created_at_idx" ON "stored_uploads" USING btree ("created_at");