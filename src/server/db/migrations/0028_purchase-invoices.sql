CREATE TABLE "package_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_id" integer NOT NULL,
	"upload_name" varchar(64) NOT NULL,
	"content_type" varchar(64) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kind" varchar(16) DEFAULT 'IMAGEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "package_invoices" ADD CONSTRAINT "package_invoices_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_invoices_tracking_key" ON "package_invoices" USING btree ("tracking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_invoices_upload_key" ON "package_invoices" USING btree ("upload_name");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('IMAGEN', 'FACTURA'));--> statement-breakpoint
-- ---- Hand-written (issue 36 item 2, docs/decisions/215): the /rastreo lookup shows whether a
-- package has its purchase invoice, so a change to package_invoices forgets the kept answers of
-- its client, like the other tables the lookup reads (migration 0013).
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON package_invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON package_invoices REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON package_invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON package_invoices FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
-- ---- End of the hand-written block.
