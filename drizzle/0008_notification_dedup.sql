CREATE TABLE "notification_dedup" (
	"kind" text NOT NULL,
	"recipient_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_dedup_recipient_id_subject_id_kind_key_pk" PRIMARY KEY("recipient_id","subject_id","kind","key")
);
--> statement-breakpoint
ALTER TABLE "notification_dedup" ADD CONSTRAINT "notification_dedup_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_dedup" ADD CONSTRAINT "notification_dedup_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_dedup_subject_idx" ON "notification_dedup" USING btree ("subject_id");