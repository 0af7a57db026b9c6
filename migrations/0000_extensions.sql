-- Extensions drizzle-kit does not manage. pg_trgm backs substring search (trigram GIN indexes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
