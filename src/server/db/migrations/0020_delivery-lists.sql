CREATE TABLE "delivery_assignments" (
	"tracking_id" integer PRIMARY KEY NOT NULL,
	"messenger_account_id" integer NOT NULL,
	"assigned_by_account_id" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP CONSTRAINT "staff_accounts_role_check";--> statement-breakpoint
ALTER TABLE "delivery_assignments" ADD CONSTRAINT "delivery_assignments_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_assignments" ADD CONSTRAINT "delivery_assignments_messenger_account_id_staff_accounts_id_fk" FOREIGN KEY ("messenger_account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_assignments" ADD CONSTRAINT "delivery_assignments_assigned_by_account_id_staff_accounts_id_fk" FOREIGN KEY ("assigned_by_account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_assignments_messenger_idx" ON "delivery_assignments" USING btree ("messenger_account_id");--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD CONSTRAINT "staff_accounts_role_check" CHECK ("staff_accounts"."role" in ('dueno', 'oficina', 'bodega', 'mensajero'));--> statement-breakpoint
-- ===== Hand-written SQL (issue 32 item 7, docs/decisions/161) =====
-- A package leaves every delivery list when it leaves Listo para entregar (delivered, or moved
-- back by any path): the messenger then no longer sees its client's address or phone, and a later
-- return to Listo does not put it back on an old list.
CREATE FUNCTION "client_trackings_leave_delivery_list"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.estado = 'LISTO_PARA_ENTREGAR' AND NEW.estado IS DISTINCT FROM OLD.estado THEN
    DELETE FROM "delivery_assignments" WHERE "tracking_id" = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "client_trackings_leave_delivery_list" AFTER UPDATE OF "estado" ON "client_trackings"
  FOR EACH ROW EXECUTE FUNCTION "client_trackings_leave_delivery_list"();
-- ===== end of hand-written SQL =====
