CREATE TABLE "whatsapp_inbound_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wa_message_id" varchar(200) NOT NULL,
	"from_number" varchar(20) NOT NULL,
	"client_id" integer,
	"profile_name" text,
	"type" varchar(20) NOT NULL,
	"text" text,
	"media_id" text,
	"media_mime_type" text,
	"media_filename" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent" varchar(8),
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_by_staff_at" timestamp with time zone,
	CONSTRAINT "whatsapp_inbound_messages_consent_check" CHECK ("whatsapp_inbound_messages"."consent" is null or "whatsapp_inbound_messages"."consent" in ('BAJA', 'ALTA'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" varchar(300) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"payload" jsonb,
	"raw_body" text,
	"state" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"notification_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "whatsapp_webhook_events_state_check" CHECK ("whatsapp_webhook_events"."state" in ('PENDING', 'DONE', 'UNPROCESSABLE', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_status_check";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "whatsapp_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "whatsapp_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "whatsapp_unreachable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "whatsapp_unreachable_code" integer;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "delivery_status" varchar(12);--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "delivery_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "error_code" integer;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "error_title" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_webhook_events" ADD CONSTRAINT "whatsapp_webhook_events_notification_id_notification_outbox_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notification_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_inbound_messages_wa_id_key" ON "whatsapp_inbound_messages" USING btree ("wa_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_from_idx" ON "whatsapp_inbound_messages" USING btree ("from_number","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_client_idx" ON "whatsapp_inbound_messages" USING btree ("client_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_webhook_events_key" ON "whatsapp_webhook_events" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "whatsapp_webhook_events_pending_idx" ON "whatsapp_webhook_events" USING btree ("id") WHERE "whatsapp_webhook_events"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "whatsapp_webhook_events_notification_idx" ON "whatsapp_webhook_events" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "clients_whatsapp_opt_out_idx" ON "clients" USING btree ("id") WHERE "clients"."whatsapp_opt_out_at" is not null;--> statement-breakpoint
CREATE INDEX "notification_outbox_provider_message_idx" ON "notification_outbox" USING btree ("provider_message_id");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_delivery_status_check" CHECK ("notification_outbox"."delivery_status" in ('sent', 'delivered', 'read', 'failed'));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_status_check" CHECK ("notification_outbox"."status" in ('PENDING', 'SENDING', 'SENT', 'FAILED', 'SKIPPED'));