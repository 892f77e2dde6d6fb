-- The client lookup's cache (docs/decisions/140): every change to what GET /api/clients/trackings
-- answers, whatever made it (the app, an import, a psql session), sends the changed client codes on
-- the channel lookup_changed, as a JSON array, or '*' (forget everything) when there are too many for
-- one notification or a table was truncated. NOTIFY is delivered at commit, in commit order, and not
-- at all on rollback. The statement-level triggers see all rows of a statement at once (one message
-- for an import's batch, not one per row).
CREATE FUNCTION lookup_notify(codes text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF codes IS NULL OR cardinality(codes) = 0 THEN
    RETURN;
  END IF;
  payload := array_to_json(codes)::text;
  -- A notification carries at most 8000 bytes.
  IF octet_length(payload) > 7000 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify('lookup_changed', payload);
END $$;
--> statement-breakpoint
CREATE FUNCTION lookup_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lookup_changed', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- clients: the code itself (a registration also ends a cached 'no such code').
CREATE FUNCTION lookup_changed_clients() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  codes text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.client_code) INTO codes FROM new_rows r;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT r.client_code) INTO codes FROM (SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) r;
  ELSE
    SELECT array_agg(DISTINCT r.client_code) INTO codes FROM old_rows r;
  END IF;
  PERFORM lookup_notify(codes);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tables with the client's id.
CREATE FUNCTION lookup_changed_by_client() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  codes text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT c.client_code) INTO codes FROM clients c WHERE c.id IN (SELECT r.client_id FROM new_rows r);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT c.client_code) INTO codes FROM clients c WHERE c.id IN (SELECT r.client_id FROM (SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) r);
  ELSE
    SELECT array_agg(DISTINCT c.client_code) INTO codes FROM clients c WHERE c.id IN (SELECT r.client_id FROM old_rows r);
  END IF;
  PERFORM lookup_notify(codes);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tables with a package's id.
CREATE FUNCTION lookup_changed_by_tracking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  codes text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT c.client_code) INTO codes FROM clients c JOIN client_trackings t ON t.client_id = c.id WHERE t.id IN (SELECT r.tracking_id FROM new_rows r);
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT c.client_code) INTO codes FROM clients c JOIN client_trackings t ON t.client_id = c.id WHERE t.id IN (SELECT r.tracking_id FROM (SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) r);
  ELSE
    SELECT array_agg(DISTINCT c.client_code) INTO codes FROM clients c JOIN client_trackings t ON t.client_id = c.id WHERE t.id IN (SELECT r.tracking_id FROM old_rows r);
  END IF;
  PERFORM lookup_notify(codes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_clients();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON clients REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_clients();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_clients();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON clients FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON client_trackings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_client();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON client_trackings REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_client();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON client_trackings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_client();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON client_trackings FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON payment_proofs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_client();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON payment_proofs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_client();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON payment_proofs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_client();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON payment_proofs FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON tracking_status_history REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON tracking_status_history REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON tracking_status_history REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON tracking_status_history FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON package_photos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON package_photos REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON package_photos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON package_photos FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON deliveries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON deliveries REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON deliveries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON deliveries FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_ins AFTER INSERT ON package_charges REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_upd AFTER UPDATE ON package_charges REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_del AFTER DELETE ON package_charges REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_by_tracking();
--> statement-breakpoint
CREATE TRIGGER lookup_changed_trunc AFTER TRUNCATE ON package_charges FOR EACH STATEMENT EXECUTE FUNCTION lookup_changed_all();
