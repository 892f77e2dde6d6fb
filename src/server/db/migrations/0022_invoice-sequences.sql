CREATE TABLE "invoice_sequences" (
	"branch" varchar(3) NOT NULL,
	"terminal" varchar(5) NOT NULL,
	"document_type" varchar(2) NOT NULL,
	"last_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_sequences_branch_terminal_document_type_pk" PRIMARY KEY("branch","terminal","document_type"),
	CONSTRAINT "invoice_sequences_branch_check" CHECK ("invoice_sequences"."branch" ~ '^[0-9]{3}$'),
	CONSTRAINT "invoice_sequences_terminal_check" CHECK ("invoice_sequences"."terminal" ~ '^[0-9]{5}$'),
	CONSTRAINT "invoice_sequences_type_check" CHECK ("invoice_sequences"."document_type" ~ '^[0-9]{2}$'),
	CONSTRAINT "invoice_sequences_number_check" CHECK ("invoice_sequences"."last_number" between 1 and 9999999999)
);
--> statement-breakpoint
-- ===== Hand-written (issue 34, decision 185): a comprobante number, once issued, is never reused
-- or skipped. A sequence row only ever moves up by exactly one and is never deleted. =====
CREATE FUNCTION invoice_sequences_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice_sequences: a numbering row is never deleted';
  END IF;
  IF NEW.branch <> OLD.branch OR NEW.terminal <> OLD.terminal OR NEW.document_type <> OLD.document_type
     OR NEW.last_number <> OLD.last_number + 1 THEN
    RAISE EXCEPTION 'invoice_sequences: a number only moves up by one';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoice_sequences_guard BEFORE UPDATE OR DELETE ON invoice_sequences
  FOR EACH ROW EXECUTE FUNCTION invoice_sequences_guard();
-- ===== end of hand-written SQL =====
