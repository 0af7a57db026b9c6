import { JSON_FIELD_MAX_BYTES, JSON_FIELD_MAX_DEPTH, KEY_VALUE_MAX_ENTRIES, KEY_VALUE_NAME_MAX, KEY_VALUE_VALUE_MAX } from './limits';

/**
 * Checks for the "json" fields of spec §3 (location metadata, asset customFields): a JSON object whose
 * values may be any JSON (text, numbers, true/false, null, nested objects and lists), within the
 * bounds in limits.ts. Shared by the contract (server and forms) so both refuse the same values.
 */

export interface JsonFieldIssue {
  /** Where the problem is, below the field: [] for the field itself, then keys and list positions. */
  path: (string | number)[];
  message: string;
}

export const jsonFieldMessages = (label: string) => ({
  notObject: `${label} must be a JSON object of named fields`,
  tooManyFields: `${label} can have at most ${KEY_VALUE_MAX_ENTRIES} fields`,
  blankName: 'Each field needs a name',
  longName: `Field names must be at most ${KEY_VALUE_NAME_MAX} characters`,
  longValue: `Field values must be at most ${KEY_VALUE_VALUE_MAX} characters`,
  tooDeep: `${label} is nested too deeply (at most ${JSON_FIELD_MAX_DEPTH} levels)`,
  tooLarge: `${label} is too large (at most ${JSON_FIELD_MAX_BYTES / 1024} KB as JSON)`,
  notFinite: `Numbers in ${label.toLowerCase()} must be finite`,
  badText: `Text in ${label.toLowerCase()} cannot contain a NUL character or an unpaired surrogate`,
  notJson: `${label} can hold only text, numbers, true/false, null, objects and lists`,
});

/** A NUL or a lone UTF-16 surrogate: PostgreSQL's jsonb refuses both, so they are refused first with a clear message. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Stop collecting after this many problems: a hostile body could otherwise yield one per value. */
const MAX_ISSUES = 20;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The problems of `value` as a json field, none when it is acceptable. The walk is iterative and
 * never goes below the depth limit, so an object nested thousands deep (a 1 MB body can hold that)
 * is refused without exhausting the stack, and JSON.stringify only ever sees a bounded depth.
 */
export function jsonFieldIssues(value: unknown, label: string): JsonFieldIssue[] {
  const messages = jsonFieldMessages(label);
  if (!isPlainObject(value)) return [{ path: [], message: messages.notObject }];
  const issues: JsonFieldIssue[] = [];
  if (Object.keys(value).length > KEY_VALUE_MAX_ENTRIES) issues.push({ path: [], message: messages.tooManyFields });

  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = [{ value, path: [], depth: 1 }];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const item = stack.pop()!;
    const current = item.value;
    if (typeof current === 'string') {
      if (current.length > KEY_VALUE_VALUE_MAX) issues.push({ path: item.path, message: messages.longValue });
      else if (unstorable(current)) issues.push({ path: item.path, message: messages.badText });
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) issues.push({ path: item.path, message: messages.notFinite });
    } else if (typeof current === 'boolean' || current === null) {
      // Always storable.
    } else if (Array.isArray(current) || isPlainObject(current)) {
      if (item.depth > JSON_FIELD_MAX_DEPTH) {
        issues.push({ path: item.path, message: messages.tooDeep });
        continue;
      }
      const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((v, i) => [i, v]) : Object.entries(current);
      for (const [key, child] of entries) {
        if (typeof key === 'string') {
          if (item.depth === 1 && !key.trim()) issues.push({ path: [...item.path, key], message: messages.blankName });
          else if (key.length > KEY_VALUE_NAME_MAX) issues.push({ path: [...item.path, key], message: messages.longName });
          else if (unstorable(key)) issues.push({ path: [...item.path, key], message: messages.badText });
        }
        stack.push({ value: child, path: [...item.path, key], depth: item.depth + 1 });
      }
    } else {
      issues.push({ path: item.path, message: messages.notJson });
    }
  }
  if (issues.length === 0 && jsonByteLength(value) > JSON_FIELD_MAX_BYTES) issues.push({ path: [], message: messages.tooLarge });
  return issues;
}

/** Size of the value as UTF-8 JSON text, which is what a request carries and what jsonb is built from. */
export function jsonByteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}
