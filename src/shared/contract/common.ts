import { z } from 'zod';
import { isCalendarDate, jsonFieldIssues, jsonFieldMessages, LIST_MAX_LIMIT, LIST_PAGE_SIZE } from '../domain';

/** Building blocks shared by the resource contracts. */

/** Optional free text: trimmed, bounded; blank becomes null. */
export const optionalText = (max: number, label = 'This field') =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Required text: trimmed, bounded, with the spec's message when missing. */
export const requiredText = (max: number, message: string, label = 'This field') =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

/**
 * An optional calendar date as YYYY-MM-DD (what a date input gives); blank becomes null. Only real
 * dates: 2025-02-29 is refused, not rolled over into March.
 */
export const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCalendarDate(v), `${label} must be a date (YYYY-MM-DD)`);

/** An optional reference to another record by id; blank becomes null. */
export const optionalId = (message: string) =>
  z
    .union([z.uuid({ error: message }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/**
 * A "json" field (spec §3: asset customFields, location metadata): any JSON object, values of any JSON
 * type, within the bounds of domain/json-fields.ts. The record is only the outer shape: its values are
 * checked by an iterative walk rather than a recursive schema, which a body nested thousands deep
 * would drive past the stack. Values are kept exactly as sent (PostgreSQL's jsonb may reorder keys).
 */
export const jsonObjectField = (label: string) =>
  z
    .record(z.string(), z.unknown(), { error: jsonFieldMessages(label).notObject })
    .superRefine((value, ctx) => {
      for (const issue of jsonFieldIssues(value, label)) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    })
    .meta({ description: `${label}: a JSON object; values may be text, numbers, true/false, null, objects or lists` });

/** A stored "json" field as the API answers it. */
export const jsonObjectValue = z.record(z.string(), z.unknown());

/** A list filter: 'all' and '' mean "no filter" (spec §7). */
export const filterOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('all'), z.literal('')])
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : (v as T[number] | undefined)));

/**
 * A yes/no list filter in a query string: 'true' narrows the list, 'false' (or leaving it out) does
 * not; anything else is refused with the filter's name, not coerced (`?overdue=1` is not taken as yes).
 */
export const flagParam = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true');

/** `limit`: default 50, at most 200; larger values are clamped, not refused. */
export const limitParam = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .default(LIST_PAGE_SIZE)
  .transform((n) => Math.min(n, LIST_MAX_LIMIT));

/** Opaque keyset cursor from the previous page's `x-next-cursor` header. */
export const cursorParam = z.string().max(200).optional();

/** Optional search text for lists. */
export const searchParam = z.string().trim().max(100, 'Search must be at most 100 characters').optional();

/** The response header carrying the cursor of the next page (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** Path parameter `{id}`: any string; a malformed id is simply not found (404). */
export const idParams = z.object({ id: z.string().max(100) });
