CREATE TABLE "cash_closings" (
	"day" date PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by_account_id" integer,
	"closed_by_name" varchar(120) NOT NULL,
	"totals" jsonb NOT NULL,
	"by_staff" jsonb NOT NULL,
	"payment_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal_counted_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at_reason" text;--> statement-breakpoint
CREATE INDEX "payments_reversal_counted_on_idx" ON "payments" USING btree ("reversal_counted_on");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversal_counted_on_check" CHECK ("payments"."reversal_counted_on" is null or "payments"."reversed_at" is not null);--> statement-breakpoint
-- ===== Hand-written (docs/decisions/147): closed cash days cannot change. =====
-- A payment's cash day is its paid_at in Costa Rica (UTC−6 all year, no daylight saving).
CREATE FUNCTION cash_day_of(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT ((at AT TIME ZONE 'UTC') - interval '6 hours')::date
$$;
--> statement-breakpoint
-- Takes the day's lock (held to the end of the transaction; closing a day takes the same one) and
-- tells whether the day is closed. Under the lock the answer cannot change before commit: a close
-- waits for a payment that holds it, and a payment that waited for a close sees the closed day.
CREATE FUNCTION cash_day_locked_closed(d date) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('cash-day'), d - date '2000-01-01');
  RETURN EXISTS (SELECT 1 FROM cash_closings WHERE day = d);
END $$;
--> statement-breakpoint
-- Every write to payments that would change what a closed day's cierre counts is refused: a new
-- payment on it, deleting or re-dating one of its payments, changing its amount, method or who
-- recorded it, crossing it out (a reversal within the day), or changing a reversal that counts on
-- a closed day. A payment of a closed day may only be reversed onto an open day
-- (reversal_counted_on). Moving a payment to another client (merging clients) changes no total.
CREATE FUNCTION payments_cash_day_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF cash_day_locked_closed(cash_day_of(NEW.paid_at)) THEN closed := cash_day_of(NEW.paid_at);
    ELSIF NEW.reversal_counted_on IS NOT NULL AND cash_day_locked_closed(NEW.reversal_counted_on) THEN closed := NEW.reversal_counted_on;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF cash_day_locked_closed(cash_day_of(OLD.paid_at)) THEN closed := cash_day_of(OLD.paid_at);
    ELSIF OLD.reversal_counted_on IS NOT NULL AND cash_day_locked_closed(OLD.reversal_counted_on) THEN closed := OLD.reversal_counted_on;
    END IF;
  ELSE
    -- What the paid day's cierre counts: the day, amount, method, who, and whether it counts there.
    IF (NEW.paid_at, NEW.amount_colones, NEW.method, NEW.recorded_by_account_id, NEW.recorded_by_name,
        NEW.reversed_at IS NULL OR NEW.reversal_counted_on IS NOT NULL)
       IS DISTINCT FROM
       (OLD.paid_at, OLD.amount_colones, OLD.method, OLD.recorded_by_account_id, OLD.recorded_by_name,
        OLD.reversed_at IS NULL OR OLD.reversal_counted_on IS NOT NULL) THEN
      IF cash_day_locked_closed(cash_day_of(OLD.paid_at)) THEN closed := cash_day_of(OLD.paid_at);
      ELSIF cash_day_locked_closed(cash_day_of(NEW.paid_at)) THEN closed := cash_day_of(NEW.paid_at);
      END IF;
    END IF;
    -- What the reversal's day counts: the day, the amount, the method, who reversed.
    IF closed IS NULL AND (NEW.reversal_counted_on, NEW.amount_colones, NEW.method, NEW.reversed_by_account_id, NEW.reversed_by_name)
       IS DISTINCT FROM (OLD.reversal_counted_on, OLD.amount_colones, OLD.method, OLD.reversed_by_account_id, OLD.reversed_by_name) THEN
      IF OLD.reversal_counted_on IS NOT NULL AND cash_day_locked_closed(OLD.reversal_counted_on) THEN closed := OLD.reversal_counted_on;
      ELSIF NEW.reversal_counted_on IS NOT NULL AND cash_day_locked_closed(NEW.reversal_counted_on) THEN closed := NEW.reversal_counted_on;
      END IF;
    END IF;
  END IF;
  IF closed IS NOT NULL THEN
    RAISE EXCEPTION 'cash day % is closed', closed USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_cash_day_closed';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_cash_day_guard BEFORE INSERT OR UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_cash_day_guard();
--> statement-breakpoint
-- A closing is final: its row is never updated or deleted (TRUNCATE, for tests and resets, aside).
CREATE FUNCTION cash_closings_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'cash_closings rows are final' USING ERRCODE = 'check_violation', CONSTRAINT = 'cash_closings_final';
END $$;
--> statement-breakpoint
CREATE TRIGGER cash_closings_final BEFORE UPDATE OR DELETE ON cash_closings FOR EACH ROW EXECUTE FUNCTION cash_closings_final();
-- ===== End of hand-written SQL. =====
