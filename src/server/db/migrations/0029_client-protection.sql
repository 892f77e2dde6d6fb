CREATE TABLE "client_sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone,
	"user_agent" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "client_sign_in_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"browser_hash" varchar(64) NOT NULL,
	"known_device" boolean DEFAULT false NOT NULL,
	"by_staff" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "client_sign_in_codes_attempts_check" CHECK ("client_sign_in_codes"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "protected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_sessions" ADD CONSTRAINT "client_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_sign_in_codes" ADD CONSTRAINT "client_sign_in_codes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_sessions_client_idx" ON "client_sessions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_sessions_expires_at_idx" ON "client_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "client_sign_in_codes_client_created_idx" ON "client_sign_in_codes" USING btree ("client_id","created_at");