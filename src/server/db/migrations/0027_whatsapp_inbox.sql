ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "media_state" varchar(10);--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "media_key" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "media_size" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "media_error" text;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "media_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD COLUMN "media_next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_outbox_recipient_idx" ON "notification_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_media_due_idx" ON "whatsapp_inbound_messages" USING btree ("media_next_attempt_at") WHERE "whatsapp_inbound_messages"."media_state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_messages_unread_idx" ON "whatsapp_inbound_messages" USING btree ("from_number") WHERE "whatsapp_inbound_messages"."read_by_staff_at" is null;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("notification_outbox"."kind" in ('WELCOME', 'TRACKING_STATUS', 'WHATSAPP_ENTRY_STATUS', 'SHIPMENT_NOTICE', 'CONSENT_REPLY', 'STAFF_REPLY'));--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_messages" ADD CONSTRAINT "whatsapp_inbound_messages_media_state_check" CHECK ("whatsapp_inbound_messages"."media_state" in ('PENDING', 'STORED', 'FAILED', 'SKIPPED'));--> statement-breakpoint
-- Hand-written (decision 212): files of messages stored before media fetching existed are fetched
-- now (Meta keeps a media id for 30 days; an older one ends FAILED with Meta's reason).
UPDATE "whatsapp_inbound_messages" SET "media_state" = 'PENDING', "media_next_attempt_at" = now() WHERE "media_id" IS NOT NULL AND "media_state" IS NULL;
