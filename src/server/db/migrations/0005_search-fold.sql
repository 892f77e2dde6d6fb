-- Admin search ignores accents and case and finds any part of a code or phone (decision 116):
-- unaccent and pg_trgm are contrib extensions on PostgreSQL and bundled with PGlite
-- (src/server/db/client.ts loads them). unaccent() is only STABLE (its dictionary could change),
-- so an index needs this IMMUTABLE wrapper naming the dictionary explicitly; the search folds
-- both the column and the typed text with it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
