-- Trigram indexes back the case-insensitive substring searches of the lists (tenants, clusters).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
