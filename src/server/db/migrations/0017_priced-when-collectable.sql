-- ===== Hand-written SQL (issue 32, docs/decisions/152) =====
-- A package never BECOMES collectable (Listo para entregar, Entregado) without a stored amount:
-- a row inserted so, or moved there, with monto_colones null is refused (check_violation). The
-- service refuses first with 409 UNPRICED naming the packages; this is the floor under every other
-- writer (scripts, a future path). A trigger on the move rather than a CHECK: rows moved before this
-- rule stay as they are (a CHECK, even NOT VALID, would refuse every later edit of such a row).
CREATE FUNCTION "client_trackings_priced_when_collectable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.estado IN ('LISTO_PARA_ENTREGAR', 'ENTREGADO') AND NEW.monto_colones IS NULL
     AND (TG_OP = 'INSERT' OR OLD.estado IS DISTINCT FROM NEW.estado) THEN
    RAISE EXCEPTION 'El paquete % no tiene monto: no puede pasar a %', NEW.tracking_code, NEW.estado
      USING ERRCODE = 'check_violation', CONSTRAINT = 'client_trackings_priced_when_collectable';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "client_trackings_priced_when_collectable" BEFORE INSERT OR UPDATE OF "estado" ON "client_trackings"
  FOR EACH ROW EXECUTE FUNCTION "client_trackings_priced_when_collectable"();
-- ===== end of hand-written SQL =====
