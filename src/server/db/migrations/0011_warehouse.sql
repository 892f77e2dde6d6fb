CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_id" integer NOT NULL,
	"recibido_por" varchar(80) NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_by_account_id" integer,
	"notas" text
);
--> statement-breakpoint
CREATE TABLE "package_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_id" integer,
	"unclaimed_id" integer,
	"upload_name" varchar(64) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_account_id" integer,
	CONSTRAINT "package_photos_kind_check" CHECK ("package_photos"."kind" in ('LLEGADA', 'ETIQUETA', 'ENTREGA', 'FIRMA')),
	CONSTRAINT "package_photos_owner_check" CHECK ("package_photos"."tracking_id" is not null or "package_photos"."unclaimed_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"forma_envio" varchar(8) NOT NULL,
	"numero_guia" varchar(64) NOT NULL,
	"transporte" varchar(64),
	"fecha" date NOT NULL,
	"estado" varchar(16) DEFAULT 'ABIERTO' NOT NULL,
	"notas" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_account_id" integer,
	"closed_at" timestamp with time zone,
	"closed_by_account_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_forma_envio_check" CHECK ("shipments"."forma_envio" in ('AVION', 'BARCO')),
	CONSTRAINT "shipments_estado_check" CHECK ("shipments"."estado" in ('ABIERTO', 'CERRADO'))
);
--> statement-breakpoint
CREATE TABLE "unclaimed_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_code" varchar(64) NOT NULL,
	"carrier" text,
	"client_code_hint" varchar(16),
	"peso_gramos" integer,
	"largo_cm" numeric(6, 1),
	"ancho_cm" numeric(6, 1),
	"alto_cm" numeric(6, 1),
	"notas" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by_account_id" integer,
	"claimed_tracking_id" integer,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "unclaimed_packages_peso_check" CHECK ("unclaimed_packages"."peso_gramos" is null or "unclaimed_packages"."peso_gramos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "received_by_account_id" integer;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "peso_gramos" integer;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "largo_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "ancho_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "alto_cm" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "pie_cubicos" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD COLUMN "retiro_oficina" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_photos" ADD CONSTRAINT "package_photos_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_photos" ADD CONSTRAINT "package_photos_unclaimed_id_unclaimed_packages_id_fk" FOREIGN KEY ("unclaimed_id") REFERENCES "public"."unclaimed_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unclaimed_packages" ADD CONSTRAINT "unclaimed_packages_claimed_tracking_id_client_trackings_id_fk" FOREIGN KEY ("claimed_tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_tracking_key" ON "deliveries" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "deliveries_delivered_at_idx" ON "deliveries" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "package_photos_tracking_idx" ON "package_photos" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "package_photos_unclaimed_idx" ON "package_photos" USING btree ("unclaimed_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_photos_upload_key" ON "package_photos" USING btree ("upload_name");--> statement-breakpoint
CREATE INDEX "shipments_created_at_idx" ON "shipments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "unclaimed_packages_open_code_key" ON "unclaimed_packages" USING btree (upper("tracking_code")) WHERE "unclaimed_packages"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "unclaimed_packages_received_at_idx" ON "unclaimed_packages" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_trackings_shipment_idx" ON "client_trackings" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "client_trackings_received_at_idx" ON "client_trackings" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_peso_gramos_check" CHECK ("client_trackings"."peso_gramos" is null or "client_trackings"."peso_gramos" >= 0);--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_medidas_check" CHECK (("client_trackings"."largo_cm" is null or "client_trackings"."largo_cm" > 0) and ("client_trackings"."ancho_cm" is null or "client_trackings"."ancho_cm" > 0) and ("client_trackings"."alto_cm" is null or "client_trackings"."alto_cm" > 0));