ALTER TABLE "whatsapp_tracking_entries" DROP CONSTRAINT "whatsapp_entries_estado_check";--> statement-breakpoint
ALTER TABLE "whatsapp_tracking_entries" ALTER COLUMN "estado" SET DATA TYPE varchar(32);--> statement-breakpoint
ALTER TABLE "whatsapp_tracking_entries" ALTER COLUMN "estado" SET DEFAULT 'PENDIENTE';--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Hand-written (issue 32 item 4, docs/decisions/157): the WhatsApp entries take the package codes
-- for the steps they share with a package — RECIBIDO_MIAMI → EN_BODEGA_MIAMI, ADUANAS_CR →
-- EN_ADUANAS, LISTO_ENTREGA → LISTO_PARA_ENTREGAR — so both read the same words. One statement
-- rewrites the entries, one the entries' messages (notification_outbox.payload.estado, the
-- entries' record of each status they were sent): every row is kept, none deleted; the text of
-- each message (body) stays as it was sent. updated_at is left alone (no trigger sets it).
-- The audit log's records keep the codes they were sealed with (append-only, decision 148).
UPDATE "whatsapp_tracking_entries" SET "estado" = CASE "estado"
    WHEN 'RECIBIDO_MIAMI' THEN 'EN_BODEGA_MIAMI'
    WHEN 'ADUANAS_CR' THEN 'EN_ADUANAS'
    WHEN 'LISTO_ENTREGA' THEN 'LISTO_PARA_ENTREGAR'
  END
  WHERE "estado" IN ('RECIBIDO_MIAMI', 'ADUANAS_CR', 'LISTO_ENTREGA');--> statement-breakpoint
UPDATE "notification_outbox" SET "payload" = jsonb_set("payload", '{estado}', to_jsonb(CASE "payload"->>'estado'
    WHEN 'RECIBIDO_MIAMI' THEN 'EN_BODEGA_MIAMI'
    WHEN 'ADUANAS_CR' THEN 'EN_ADUANAS'
    WHEN 'LISTO_ENTREGA' THEN 'LISTO_PARA_ENTREGAR'
  END))
  WHERE "kind" = 'WHATSAPP_ENTRY_STATUS' AND "payload"->>'estado' IN ('RECIBIDO_MIAMI', 'ADUANAS_CR', 'LISTO_ENTREGA');--> statement-breakpoint
-- End of the hand-written block.
-- ---------------------------------------------------------------------------------------------
ALTER TABLE "whatsapp_tracking_entries" ADD CONSTRAINT "whatsapp_entries_estado_check" CHECK ("whatsapp_tracking_entries"."estado" in ('PENDIENTE', 'EN_BODEGA_MIAMI', 'EN_TRANSITO', 'EN_ADUANAS', 'EN_BODEGA_CR', 'LISTO_PARA_ENTREGAR', 'ENTREGADO', 'CANCELADO'));
