ALTER TABLE "uploads" ADD COLUMN "owner_key" varchar(64);--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_owner_created_idx" ON "uploads" USING btree ("owner_key","created_at");