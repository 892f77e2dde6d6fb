CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" varchar(16) NOT NULL,
	"actor_account_id" integer,
	"actor_label" varchar(120) NOT NULL,
	"ip" varchar(64),
	"action" varchar(48) NOT NULL,
	"entity" varchar(32) NOT NULL,
	"entity_id" varchar(64),
	"summary" varchar(300),
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_actor_kind_check" CHECK ("audit_log"."actor_kind" in ('staff', 'client', 'import', 'system'))
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" varchar(120) NOT NULL,
	"name" varchar(80) NOT NULL,
	"role" varchar(16) NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp with time zone,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"recovery_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"totp_last_step" integer,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_role_check" CHECK ("staff_accounts"."role" in ('dueno', 'oficina', 'bodega'))
);
--> statement-breakpoint
-- Sessions opened with the shared password belong to no person: everyone signs in again.
DELETE FROM "admin_sessions";--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "account_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "user_agent" varchar(200);--> statement-breakpoint
ALTER TABLE "tracking_status_history" ADD COLUMN "changed_by_account_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_account_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_login_idx" ON "staff_accounts" USING btree ("login");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_built_in_idx" ON "staff_accounts" USING btree ("built_in") WHERE "staff_accounts"."built_in";--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_account_idx" ON "admin_sessions" USING btree ("account_id");--> statement-breakpoint
-- The audit log is append-only: no UPDATE or DELETE reaches a row, whatever the application does.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
