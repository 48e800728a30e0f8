CREATE TABLE "undeliverable_addresses" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"mail_id" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
