-- The app serves requests as a role that owns nothing (ADR 019, src/server/db/app-role.ts). Two
-- changes make the audit trail hold against that role:
--
-- 1. A bulk load (app.bulk_load = 'on', which skips the register's triggers) is honoured only for a
--    session whose login role owns the tables: the seed and import tooling connect as the owner. Any
--    other session may set the setting; it changes nothing. session_user, not current_user: inside
--    audit_record_change() (SECURITY DEFINER below) current_user is the owner whoever called. The
--    ownership test runs only when the setting is on, so ordinary writes pay nothing for it.
CREATE OR REPLACE FUNCTION register_bulk_load() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN coalesce(current_setting('app.bulk_load', true), '') = 'on'
      THEN pg_has_role(session_user, (SELECT relowner FROM pg_class WHERE oid = 'public.audit_log'::regclass), 'MEMBER')
    ELSE false
  END
$$;
--> statement-breakpoint
-- 2. Audit rows are written by the trigger function as the owner, so the app role needs (and gets)
--    no INSERT on audit_log: it cannot write a history of its own invention. A fixed search_path, as
--    every SECURITY DEFINER function needs, so no object of the caller's can stand in for ours.
ALTER FUNCTION audit_record_change() SECURITY DEFINER SET search_path = public, pg_temp;
