CREATE TABLE "app_cache" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_trackings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"tracking_code" varchar(64) NOT NULL,
	"estado" varchar(32) DEFAULT 'SEGUIMIENTO_INTERNACIONAL' NOT NULL,
	"origen" varchar(8) DEFAULT 'USA' NOT NULL,
	"forma_envio" varchar(8) DEFAULT 'AVION' NOT NULL,
	"carrier" text,
	"tienda_origen" text,
	"descripcion_paquete" text,
	"peso_estimado" numeric(12, 2),
	"valor_declarado" numeric(12, 2),
	"costo" integer,
	"peso_pie_cubicos" text,
	"monto_colones" integer,
	"notas" text,
	"coupon_id" integer,
	"discount_percent" smallint,
	"last_status_change_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_trackings_estado_check" CHECK ("client_trackings"."estado" in ('SEGUIMIENTO_INTERNACIONAL', 'EN_BODEGA_MIAMI', 'EN_ADUANAS', 'EN_BODEGA_CR', 'LISTO_PARA_ENTREGAR', 'ENTREGADO')),
	CONSTRAINT "client_trackings_origen_check" CHECK ("client_trackings"."origen" in ('USA', 'CHINA')),
	CONSTRAINT "client_trackings_forma_envio_check" CHECK ("client_trackings"."forma_envio" in ('AVION', 'BARCO')),
	CONSTRAINT "client_trackings_costo_check" CHECK ("client_trackings"."costo" is null or "client_trackings"."costo" >= 0),
	CONSTRAINT "client_trackings_monto_check" CHECK ("client_trackings"."monto_colones" is null or "client_trackings"."monto_colones" >= 0),
	CONSTRAINT "client_trackings_peso_check" CHECK ("client_trackings"."peso_estimado" is null or "client_trackings"."peso_estimado" >= 0),
	CONSTRAINT "client_trackings_valor_check" CHECK ("client_trackings"."valor_declarado" is null or "client_trackings"."valor_declarado" >= 0),
	CONSTRAINT "client_trackings_discount_check" CHECK ("client_trackings"."discount_percent" is null or "client_trackings"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_code" varchar(16) NOT NULL,
	"nombre" text NOT NULL,
	"direccion" text NOT NULL,
	"telefono" varchar(32) NOT NULL,
	"email" text,
	"whatsapp_enviado" varchar(16) DEFAULT 'PENDIENTE' NOT NULL,
	"whatsapp_enviado_at" timestamp with time zone,
	"search_count" integer DEFAULT 0 NOT NULL,
	"search_limit" integer DEFAULT 10 NOT NULL,
	"unlimited_access" smallint DEFAULT 0 NOT NULL,
	"last_reset_date" date DEFAULT (date_trunc('month', now()))::date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_client_code_format" CHECK ("clients"."client_code" ~ '^EX[A-Z0-9]{3,14}$'),
	CONSTRAINT "clients_whatsapp_enviado_check" CHECK ("clients"."whatsapp_enviado" in ('PENDIENTE', 'ENVIADO')),
	CONSTRAINT "clients_search_count_check" CHECK ("clients"."search_count" >= 0),
	CONSTRAINT "clients_search_limit_check" CHECK ("clients"."search_limit" >= 0),
	CONSTRAINT "clients_unlimited_access_check" CHECK ("clients"."unlimited_access" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"telefono" varchar(32),
	"mensaje" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"discount_percent" smallint NOT NULL,
	"status" varchar(16) DEFAULT 'DISPONIBLE' NOT NULL,
	"reason" varchar(16) NOT NULL,
	"referral_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_on_tracking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_status_check" CHECK ("coupons"."status" in ('DISPONIBLE', 'USADO', 'EXPIRADO')),
	CONSTRAINT "coupons_reason_check" CHECK ("coupons"."reason" in ('BIENVENIDA', 'REFERIDO')),
	CONSTRAINT "coupons_discount_check" CHECK ("coupons"."discount_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"recipient" varchar(20) NOT NULL,
	"client_id" integer,
	"tracking_id" integer,
	"whatsapp_entry_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_outbox_status_check" CHECK ("notification_outbox"."status" in ('PENDING', 'SENDING', 'SENT', 'FAILED')),
	CONSTRAINT "notification_outbox_kind_check" CHECK ("notification_outbox"."kind" in ('WELCOME', 'TRACKING_STATUS', 'WHATSAPP_ENTRY_STATUS')),
	CONSTRAINT "notification_outbox_attempts_check" CHECK ("notification_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "parts_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"marca" text NOT NULL,
	"modelo" text NOT NULL,
	"anio" integer NOT NULL,
	"numero_pieza" text,
	"parte" text,
	"descripcion" text,
	"imagen_url" text,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fallback_usado" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_searches_anio_check" CHECK ("parts_searches"."anio" between 1900 and 2200)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_client_id" integer NOT NULL,
	"referred_client_id" integer,
	"status" varchar(16) DEFAULT 'REGISTRADO' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('PENDIENTE', 'REGISTRADO', 'COMPLETADO')),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_client_id" <> "referrals"."referred_client_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_nombre" text NOT NULL,
	"cliente_email" text,
	"cliente_telefono" varchar(32),
	"descripcion_paquete" text NOT NULL,
	"tienda_origen" text,
	"peso_estimado" numeric(12, 2),
	"valor_declarado" numeric(12, 2),
	"notas_cliente" text,
	"notas" text,
	"estado" varchar(16) DEFAULT 'PENDIENTE' NOT NULL,
	"tracking_id_asignado" varchar(64),
	"fecha_estimada" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_notices_estado_check" CHECK ("tracking_notices"."estado" in ('PENDIENTE', 'EN_PROCESO', 'COMPLETADO', 'CANCELADO')),
	CONSTRAINT "tracking_notices_peso_check" CHECK ("tracking_notices"."peso_estimado" is null or "tracking_notices"."peso_estimado" >= 0),
	CONSTRAINT "tracking_notices_valor_check" CHECK ("tracking_notices"."valor_declarado" is null or "tracking_notices"."valor_declarado" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tracking_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_id" integer NOT NULL,
	"previous_status" varchar(32),
	"new_status" varchar(32) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text,
	"changed_by" varchar(64) DEFAULT 'admin' NOT NULL,
	CONSTRAINT "tracking_status_history_new_check" CHECK ("tracking_status_history"."new_status" in ('SEGUIMIENTO_INTERNACIONAL', 'EN_BODEGA_MIAMI', 'EN_ADUANAS', 'EN_BODEGA_CR', 'LISTO_PARA_ENTREGAR', 'ENTREGADO'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"content_type" varchar(64),
	"size_bytes" integer,
	"storage" varchar(8) DEFAULT 'local' NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('PENDING', 'UPLOADED')),
	CONSTRAINT "uploads_storage_check" CHECK ("uploads"."storage" in ('local', 's3')),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."size_bytes" is null or "uploads"."size_bytes" between 0 and 10485760)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"whatsapp" varchar(16) NOT NULL,
	"nombre" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_tracking_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"tracking_code" varchar(64) NOT NULL,
	"estado" varchar(16) DEFAULT 'PENDIENTE' NOT NULL,
	"notas" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_entries_estado_check" CHECK ("whatsapp_tracking_entries"."estado" in ('PENDIENTE', 'RECIBIDO_MIAMI', 'EN_TRANSITO', 'ADUANAS_CR', 'EN_BODEGA_CR', 'LISTO_ENTREGA', 'ENTREGADO', 'CANCELADO'))
);
--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_trackings" ADD CONSTRAINT "client_trackings_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_used_on_tracking_id_client_trackings_id_fk" FOREIGN KEY ("used_on_tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_whatsapp_entry_id_whatsapp_tracking_entries_id_fk" FOREIGN KEY ("whatsapp_entry_id") REFERENCES "public"."whatsapp_tracking_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_searches" ADD CONSTRAINT "parts_searches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_client_id_clients_id_fk" FOREIGN KEY ("referrer_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_client_id_clients_id_fk" FOREIGN KEY ("referred_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_status_history" ADD CONSTRAINT "tracking_status_history_tracking_id_client_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."client_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_tracking_entries" ADD CONSTRAINT "whatsapp_tracking_entries_customer_id_whatsapp_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."whatsapp_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_trackings_client_code_key" ON "client_trackings" USING btree ("client_id","tracking_code");--> statement-breakpoint
CREATE INDEX "client_trackings_tracking_code_idx" ON "client_trackings" USING btree (upper("tracking_code"));--> statement-breakpoint
CREATE INDEX "client_trackings_estado_idx" ON "client_trackings" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "client_trackings_updated_at_idx" ON "client_trackings" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "client_trackings_client_created_idx" ON "client_trackings" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_client_code_key" ON "clients" USING btree ("client_code");--> statement-breakpoint
CREATE INDEX "clients_telefono_idx" ON "clients" USING btree ("telefono");--> statement-breakpoint
CREATE INDEX "clients_created_at_idx" ON "clients" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clients_nombre_lower_idx" ON "clients" USING btree (lower("nombre"));--> statement-breakpoint
CREATE INDEX "clients_whatsapp_enviado_idx" ON "clients" USING btree ("whatsapp_enviado");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coupons_client_status_idx" ON "coupons" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "coupons_created_at_idx" ON "coupons" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_client_idx" ON "notification_outbox" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "notification_outbox_tracking_idx" ON "notification_outbox" USING btree ("tracking_id");--> statement-breakpoint
CREATE INDEX "notification_outbox_entry_idx" ON "notification_outbox" USING btree ("whatsapp_entry_id");--> statement-breakpoint
CREATE INDEX "parts_searches_client_created_idx" ON "parts_searches" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_key" ON "referrals" USING btree ("referred_client_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_client_id");--> statement-breakpoint
CREATE INDEX "referrals_created_at_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_notices_tracking_id_key" ON "tracking_notices" USING btree ("tracking_id_asignado");--> statement-breakpoint
CREATE INDEX "tracking_notices_created_at_idx" ON "tracking_notices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tracking_notices_estado_idx" ON "tracking_notices" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "tracking_status_history_tracking_idx" ON "tracking_status_history" USING btree ("tracking_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_name_key" ON "uploads" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_customers_whatsapp_key" ON "whatsapp_customers" USING btree ("whatsapp");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_entries_customer_code_key" ON "whatsapp_tracking_entries" USING btree ("customer_id","tracking_code");--> statement-breakpoint
CREATE INDEX "whatsapp_entries_updated_at_idx" ON "whatsapp_tracking_entries" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "whatsapp_entries_estado_idx" ON "whatsapp_tracking_entries" USING btree ("estado");