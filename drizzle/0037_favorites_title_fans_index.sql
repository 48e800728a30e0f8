DROP INDEX "favorites_title_idx";--> statement-breakpoint
CREATE INDEX "favorites_title_idx" ON "favorites" USING btree ("media_type","media_id","user_id");