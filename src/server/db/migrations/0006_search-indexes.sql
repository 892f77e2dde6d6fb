CREATE INDEX "client_trackings_tracking_code_trgm_idx" ON "client_trackings" USING gin (upper("tracking_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_nombre_search_idx" ON "clients" USING gin (search_fold("nombre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_client_code_trgm_idx" ON "clients" USING gin ("client_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_telefono_digits_trgm_idx" ON "clients" USING gin (translate("telefono", ' +-().', '') gin_trgm_ops);