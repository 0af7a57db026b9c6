-- ── Administrative changes ──────────────────────────────────────────────────────────────────────
-- Users (sign-ups, roles, statuses, password changes), invites, the organisation's settings and its
-- compliance regimes (an interval sets every due date under it: ADR 025) go
-- into the same append-only audit_log as the register's records, by the same function
-- (audit_record_change, audit.sql: it drops password and token hashes and ignores sign-ins). Their
-- triggers are named *_admin_changes: the register's history follows the *_audit ones (ADR 024).
CREATE OR REPLACE TRIGGER users_admin_changes AFTER INSERT OR DELETE OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER invites_admin_changes AFTER INSERT OR DELETE OR UPDATE ON invites FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER organisation_settings_admin_changes AFTER INSERT OR DELETE OR UPDATE ON organisation_settings FOR EACH ROW EXECUTE FUNCTION audit_record_change();

CREATE OR REPLACE TRIGGER compliance_regimes_admin_changes AFTER INSERT OR DELETE OR UPDATE ON compliance_regimes FOR EACH ROW EXECUTE FUNCTION audit_record_change();
