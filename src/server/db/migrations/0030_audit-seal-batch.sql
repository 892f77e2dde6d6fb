-- ==== Hand-written (decision 226): the audit log's sealing, one pass per commit ====
-- Migration 0016 sealed each record in its own firing of the deferred trigger: the head row locked,
-- read and rewritten once per record (an import of 10 000 packages wrote 10 000 records, so the head
-- 10 000 times). Now the first firing at a commit seals, in id order, every record not yet sealed
-- that the transaction sees from its own row on (only its own: another transaction's records are
-- sealed before they become visible), and writes the head once; the later firings of the same commit
-- find their record sealed and return. Same chain, same canonical text, same hash, same head lock
-- held only for the commit.
CREATE OR REPLACE FUNCTION "audit_log_seal"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  head "audit_log_head"%ROWTYPE;
  r "audit_log"%ROWTYPE;
  v_seq bigint;
  v_hash text;
BEGIN
  PERFORM 1 FROM "audit_log" WHERE id = NEW.id AND seq IS NULL;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO head FROM "audit_log_head" WHERE id = 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_log_head is missing';
  END IF;
  v_seq := head.last_seq;
  v_hash := head.last_hash;
  FOR r IN SELECT * FROM "audit_log" a WHERE a.id >= NEW.id AND a.seq IS NULL ORDER BY a.id LOOP
    v_seq := v_seq + 1;
    r.seq := v_seq;
    r.prev_hash := v_hash;
    r.hash := encode(sha256(convert_to("audit_log_canonical"(r), 'UTF8')), 'hex');
    UPDATE "audit_log" SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    v_hash := r.hash;
  END LOOP;
  UPDATE "audit_log_head" SET last_seq = v_seq, last_hash = v_hash WHERE id = 1;
  RETURN NULL;
END;
$$;
-- ==== End of hand-written SQL ====
