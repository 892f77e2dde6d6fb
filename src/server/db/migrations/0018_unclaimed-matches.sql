CREATE TABLE "unclaimed_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"unclaimed_id" integer NOT NULL,
	"tracking_id" integer NOT NULL,
	"estado" varchar(16) DEFAULT 'PENDIENTE' NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_account_id" integer,
	CONSTRAINT "unclaimed_matches_estado_check" CHECK ("unclaimed_matches"."estado" in ('PENDIENTE', 'CONFIRMADA', 'RECHAZADA', 'DESCARTADA'))
);
--> statement-breakpoint
ALTER TABLE "unclaimed_matches" ADD CONSTRAINT "unclaimed_matches_unclaimed_id_unclaimed_packages_id_fk" FOREIGN KEY ("unclaimed_id") REFERENCES "public"."unclaimed_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unclaimed_matches" ADD CONSTRAINT "unclaimed_matches_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unclaimed_matches_pair_key" ON "unclaimed_matches" USING btree ("unclaimed_id","tracking_id");--> statement-breakpoint
CREATE INDEX "unclaimed_matches_tracking_idx" ON "unclaimed_matches" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "unclaimed_matches_pending_idx" ON "unclaimed_matches" USING btree ("proposed_at") WHERE "unclaimed_matches"."estado" = 'PENDIENTE';--> statement-breakpoint
-- ===== Hand-written SQL (issue 32, docs/decisions/155) =====
-- The client lookup reads unclaimed_matches ("Recibido, en verificación"), so the table announces
-- its changes on lookup_changed like every table the lookup reads (migration 0013, decision 140).
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON unclaimed_matches REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON unclaimed_matches REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON unclaimed_matches REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON unclaimed_matches FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
-- ===== end of hand-written SQL =====
