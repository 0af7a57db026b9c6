import { ACTION_CATEGORY_LABELS, ACTION_PRIORITY_LABELS, ACTION_STATUS_LABELS } from '@shared/domain/actions';
import { ASSET_STATUS_LABELS, ASSET_TYPE_LABELS, COMPLIANCE_LABELS, COMPLIANCE_FIELDS, CONDITION_LABELS } from '@shared/domain/assets';
import type { OutboxKind } from '@/lib/offline/device-db';
import { formatCalendarDate, formatDateTime } from '@/lib/format';

/**
 * How the Outbox screen names a conflict's fields and values (ADR 028): the words the forms use
 * ("Target date", "In progress", "22 Nov 2026", the asset's code) rather than the API's
 * (targetDate, in_progress, a UUID).
 */

const FIELD_LABELS: Record<string, string> = {
  assetId: 'Asset',
  assessmentId: 'Assessment',
  locationId: 'Location',
  customFields: 'Custom fields',
  ...Object.fromEntries(COMPLIANCE_FIELDS.map(({ key, label }) => [key, `${label} compliance`])),
};

/** "targetDate" → "Target date"; the fields that name another record by their record ("Asset"). */
export function conflictFieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Labels = Readonly<Record<string, string>>;

const ACTION_VALUES: Record<string, Labels> = { status: ACTION_STATUS_LABELS, priority: ACTION_PRIORITY_LABELS, category: ACTION_CATEGORY_LABELS };
const ASSET_VALUES: Record<string, Labels> = {
  type: ASSET_TYPE_LABELS,
  condition: CONDITION_LABELS,
  status: ASSET_STATUS_LABELS,
  ...Object.fromEntries(COMPLIANCE_FIELDS.map(({ key }) => [key, COMPLIANCE_LABELS])),
};

/** The words for a field's coded values, by the kind of record edited (an action's status is not an asset's). */
const VALUE_LABELS: Partial<Record<OutboxKind, Record<string, Labels>>> = {
  'action-status': ACTION_VALUES,
  'action-edit': ACTION_VALUES,
  'asset-edit': ASSET_VALUES,
};

/** The field of the server's record that names the record an id field points to. */
const NAMED_BY: Record<string, string> = { assetId: 'assetCode', locationId: 'locationPath' };

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One value of a conflict as the screen shows it. `current` is the server's record: it names the
 * records its ids point to (an action's assetCode), so an id is shown by that name where it is the
 * same record, and otherwise as "A different asset" (the device keeps no name for the user's choice).
 */
export function conflictValue(kind: OutboxKind, field: string, value: unknown, current: Record<string, unknown>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  const coded = VALUE_LABELS[kind]?.[field]?.[text];
  if (coded) return coded;
  if (UUID.test(text) && field.endsWith('Id')) {
    const name = NAMED_BY[field] && current[field] === text ? current[NAMED_BY[field]] : undefined;
    return typeof name === 'string' && name ? name : `A different ${conflictFieldLabel(field).toLowerCase()}`;
  }
  if (CALENDAR_DATE.test(text)) return formatCalendarDate(text);
  if (INSTANT.test(text)) return formatDateTime(text);
  return text;
}
