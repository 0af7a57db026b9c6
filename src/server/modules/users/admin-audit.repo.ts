import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../http-errors';
import type { AdminAuditEntry } from '../../../shared/contract/users';

/** The audit trail's administrative entries (db/sql/admin-audit.sql), by table. */
const ENTITY: Record<string, AdminAuditEntry['entity']> = { users: 'user', invites: 'invite', organisation_settings: 'settings', compliance_regimes: 'regime' };
export const ADMIN_AUDITED_TABLES = Object.keys(ENTITY);

const PAGE_SIZE = 50;
const encodeCursor = (id: number) => Buffer.from(`admin:${id}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const match = /^admin:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('cursor is not valid: start again from the first page');
  return Number(match[1]);
}

interface Row extends Record<string, unknown> {
  id: string;
  at: Date;
  actor_name: string | null;
  entity: string;
  subject: string | null;
  operation: AdminAuditEntry['operation'];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Who changed a user, an invite, the settings or a regime, newest first (the Users page's "Administrative changes"). */
export function adminAuditRepo(db: Db) {
  return {
    async page(cursor: string | undefined): Promise<{ items: AdminAuditEntry[]; nextCursor: string | null }> {
      const beforeId = cursor ? decodeCursor(cursor) : null;
      // The partial index audit_log_admin_idx holds exactly these rows, newest first.
      const { rows } = await db.execute<Row>(sql`
        SELECT l.id, l.at, actor.full_name AS actor_name, l.entity, l.operation, l.before, l.after,
               CASE l.entity
                 WHEN 'users' THEN coalesce(u.username, l.after ->> 'username', l.before ->> 'username')
                 WHEN 'invites' THEN coalesce(i.role::text, l.after ->> 'role')
                 WHEN 'compliance_regimes' THEN coalesce(r.name, l.after ->> 'name', l.before ->> 'name')
               END AS subject
        FROM audit_log l
        LEFT JOIN users actor ON actor.id = l.actor_id
        LEFT JOIN users u ON l.entity = 'users' AND u.id = l.entity_id
        LEFT JOIN invites i ON l.entity = 'invites' AND i.id = l.entity_id
        LEFT JOIN compliance_regimes r ON l.entity = 'compliance_regimes' AND r.id = l.entity_id
        WHERE l.entity IN ('users', 'invites', 'organisation_settings', 'compliance_regimes')
          AND (${beforeId}::bigint IS NULL OR l.id < ${beforeId}::bigint)
        ORDER BY l.id DESC
        LIMIT ${PAGE_SIZE + 1}`);
      const page = rows.slice(0, PAGE_SIZE);
      return {
        items: page.map((r) => ({
          id: Number(r.id),
          at: new Date(r.at).toISOString(),
          actorName: r.actor_name,
          entity: ENTITY[r.entity]!,
          subject: r.subject,
          operation: r.operation,
          before: r.before,
          after: r.after,
        })),
        nextCursor: rows.length > PAGE_SIZE ? encodeCursor(Number(page.at(-1)!.id)) : null,
      };
    },
  };
}
