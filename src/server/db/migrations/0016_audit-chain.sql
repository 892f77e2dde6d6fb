CREATE TABLE "audit_log_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_hash" varchar(64) NOT NULL,
	CONSTRAINT "audit_log_head_one_row" CHECK ("audit_log_head"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_throttle" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"samples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"entry" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_throttle_window_end_idx" ON "audit_throttle" USING btree ("window_end");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_idx" ON "audit_log" USING btree ("seq");--> statement-breakpoint
-- ==== Hand-written (decision 148): the audit log's hash chain, TRUNCATE refused, privileges ====
-- The canonical text of a record: a JSON array of every column in a fixed order (the instant in
-- UTC to the microsecond), prev_hash last. jsonb's text form is deterministic, so `npm run
-- audit:verify` hashes this text again and compares.
CREATE FUNCTION "audit_log_canonical"(r "audit_log") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(
    r.seq, r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.actor_kind,
    r.actor_account_id, r.actor_label, r.ip, r.action, r.entity, r.entity_id, r.summary,
    r.before, r.after, r.prev_hash
  )::text
$$;--> statement-breakpoint
-- Append-only, now with one exception: the sealing below fills seq, prev_hash and hash of a row
-- not yet sealed (hash still ''), which only exists inside the transaction that inserted it.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.hash = '' AND OLD.seq IS NULL
       AND (NEW.id, NEW.at, NEW.actor_kind, NEW.actor_account_id, NEW.actor_label, NEW.ip, NEW.action,
            NEW.entity, NEW.entity_id, NEW.summary, NEW.before::text, NEW.after::text)
           IS NOT DISTINCT FROM
           (OLD.id, OLD.at, OLD.actor_kind, OLD.actor_account_id, OLD.actor_label, OLD.ip, OLD.action,
            OLD.entity, OLD.entity_id, OLD.summary, OLD.before::text, OLD.after::text) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
-- Existing records are chained in id order.
DO $$
DECLARE
  r "audit_log"%ROWTYPE;
  prev text := repeat('0', 64);
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM "audit_log" ORDER BY id LOOP
    n := n + 1;
    r.seq := n;
    r.prev_hash := prev;
    r.hash := encode(sha256(convert_to("audit_log_canonical"(r), 'UTF8')), 'hex');
    UPDATE "audit_log" SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    prev := r.hash;
  END LOOP;
  INSERT INTO "audit_log_head" (id, last_seq, last_hash) VALUES (1, n, prev);
END;
$$;--> statement-breakpoint
-- Whatever an INSERT gives for the chain's columns is replaced: sealed at commit, never before.
CREATE FUNCTION "audit_log_unsealed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := NULL;
  NEW.prev_hash := '';
  NEW.hash := '';
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_unsealed" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_unsealed"();--> statement-breakpoint
-- Sealing, when the inserting transaction commits (a deferred constraint trigger): the head row
-- is locked, so appends from every connection and instance form one chain in commit order, and
-- the lock is held only for the commit (a transaction that records early does not block others).
-- SECURITY DEFINER: it runs as the owner, so the application role needs no UPDATE on either table.
CREATE FUNCTION "audit_log_seal"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  head "audit_log_head"%ROWTYPE;
  r "audit_log"%ROWTYPE;
BEGIN
  SELECT * INTO head FROM "audit_log_head" WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_log_head is missing';
  END IF;
  r := NEW;
  r.seq := head.last_seq + 1;
  r.prev_hash := head.last_hash;
  r.hash := encode(sha256(convert_to("audit_log_canonical"(r), 'UTF8')), 'hex');
  UPDATE "audit_log" SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
  UPDATE "audit_log_head" SET last_seq = r.seq, last_hash = r.hash WHERE id = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_log_seal" AFTER INSERT ON "audit_log" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "audit_log_seal"();--> statement-breakpoint
-- TRUNCATE skips row triggers: refuse it with a statement trigger.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- The head: its one row is written by the sealing alone.
CREATE TRIGGER "audit_log_head_no_delete" BEFORE DELETE ON "audit_log_head" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_head_no_truncate" BEFORE TRUNCATE ON "audit_log_head" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- Privileges: nobody but the owner changes or empties the log (docs/security.md, "Database roles").
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "audit_log_head" FROM PUBLIC;
-- ==== End of hand-written SQL ====
