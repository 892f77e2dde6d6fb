CREATE TABLE "package_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"description" varchar(120) NOT NULL,
	"amount_colones" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_account_id" integer,
	CONSTRAINT "package_charges_kind_check" CHECK ("package_charges"."kind" in ('IMPUESTOS', 'ENTREGA', 'ALMACENAJE', 'OTRO')),
	CONSTRAINT "package_charges_amount_check" CHECK ("package_charges"."amount_colones" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"tracking_id" integer NOT NULL,
	"amount_colones" integer NOT NULL,
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount_colones" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"tracking_id" integer,
	"upload_name" varchar(64) NOT NULL,
	"reference" varchar(64),
	"estado" varchar(16) DEFAULT 'PENDIENTE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_account_id" integer,
	"reject_reason" text,
	"payment_id" integer,
	CONSTRAINT "payment_proofs_estado_check" CHECK ("payment_proofs"."estado" in ('PENDIENTE', 'CONFIRMADO', 'RECHAZADO'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"reference" varchar(64),
	"amount_colones" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'CRC' NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_account_id" integer,
	"recorded_by_name" varchar(120) NOT NULL,
	"notas" text,
	"reversed_at" timestamp with time zone,
	"reversed_by_account_id" integer,
	"reversed_by_name" varchar(120),
	"reversal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('SINPE_MOVIL', 'EFECTIVO', 'TARJETA', 'TRANSFERENCIA')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_colones" > 0),
	CONSTRAINT "payments_sinpe_reference_check" CHECK ("payments"."method" <> 'SINPE_MOVIL' or "payments"."reference" is not null)
);
--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "cargos_extra_colones" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "descuento_colones" integer GENERATED ALWAYS AS (round(coalesce(monto_colones, 0)::numeric * coalesce(discount_percent, 0) / 100)::integer) STORED;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "total_colones" integer GENERATED ALWAYS AS ((case when monto_colones is null and cargos_extra_colones = 0 then null else greatest(0, coalesce(monto_colones, 0) - round(coalesce(monto_colones, 0)::numeric * coalesce(discount_percent, 0) / 100)::integer + cargos_extra_colones) end)) STORED;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "pagado_colones" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "saldo_colones" integer GENERATED ALWAYS AS (coalesce((case when monto_colones is null and cargos_extra_colones = 0 then null else greatest(0, coalesce(monto_colones, 0) - round(coalesce(monto_colones, 0)::numeric * coalesce(discount_percent, 0) / 100)::integer + cargos_extra_colones) end), 0) - pagado_colones) STORED;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "cobrable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package_charges" ADD CONSTRAINT "package_charges_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_proofs" ADD CONSTRAINT "payment_proofs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_charges_tracking_idx" ON "package_charges" USING btree ("tracking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocations_payment_tracking_key" ON "payment_allocations" USING btree ("payment_id","tracking_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_tracking_idx" ON "payment_allocations" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "payment_proofs_client_idx" ON "payment_proofs" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payment_proofs_pending_idx" ON "payment_proofs" USING btree ("created_at") WHERE "payment_proofs"."estado" = 'PENDIENTE';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_proofs_upload_key" ON "payment_proofs" USING btree ("upload_name");--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_sinpe_reference_key" ON "payments" USING btree (upper("reference")) WHERE "payments"."method" = 'SINPE_MOVIL' and "payments"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "client_trackings_saldo_idx" ON "client_trackings" USING btree ("client_id") WHERE "client_trackings"."saldo_colones" > 0;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_cargos_extra_check" CHECK ("client_trackings"."cargos_extra_colones" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_pagado_check" CHECK ("client_trackings"."pagado_colones" >= 0);