ALTER TABLE "clients" ADD COLUMN "code_lookalike_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "referral_code" varchar(8);--> statement-breakpoint
CREATE UNIQUE INDEX "clients_referral_code_key" ON "clients" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "clients_client_code_read_idx" ON "clients" USING btree (translate("client_code", 'OILZSB', '011258'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_referral_code_format" CHECK ("clients"."referral_code" ~ '^EX[A-Z0-9]{6}$');