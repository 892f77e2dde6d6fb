CREATE TABLE "invoice_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"document_type" varchar(2) NOT NULL,
	"number" bigint,
	"consecutivo" varchar(20),
	"clave" varchar(50),
	"signed_xml" text,
	"submission" jsonb,
	"receiver" jsonb,
	"packages" jsonb NOT NULL,
	"state" varchar(12) NOT NULL,
	"response_xml" text,
	"rejection_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"references_id" integer,
	"replaces_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_documents_type_check" CHECK ("invoice_documents"."document_type" in ('01', '03', '04')),
	CONSTRAINT "invoice_documents_state_check" CHECK ("invoice_documents"."state" in ('pendiente', 'enviado', 'aceptado', 'rechazado')),
	CONSTRAINT "invoice_documents_made_check" CHECK ("invoice_documents"."clave" is not null and "invoice_documents"."signed_xml" is not null and "invoice_documents"."consecutivo" is not null or "invoice_documents"."state" = 'rechazado' and "invoice_documents"."rejection_reason" is not null),
	CONSTRAINT "invoice_documents_note_check" CHECK (("invoice_documents"."document_type" = '03') = ("invoice_documents"."references_id" is not null)),
	CONSTRAINT "invoice_documents_attempts_check" CHECK ("invoice_documents"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_references_id_invoice_documents_id_fk" FOREIGN KEY ("references_id") REFERENCES "public"."invoice_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_replaces_id_invoice_documents_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."invoice_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_documents_payment_idx" ON "invoice_documents" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoice_documents_due_idx" ON "invoice_documents" USING btree ("next_attempt_at") WHERE "invoice_documents"."state" in ('pendiente', 'enviado');--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_clave_key" ON "invoice_documents" USING btree ("clave");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_consecutivo_key" ON "invoice_documents" USING btree ("consecutivo");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_live_key" ON "invoice_documents" USING btree ("payment_id",("document_type" = '03')) WHERE "invoice_documents"."state" <> 'rechazado';