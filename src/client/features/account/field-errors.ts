import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts a 400's per-field messages (`errors`, as the error handler sends them, or `fieldErrors`), e.g. a wrong current password, on
 * the form's fields. Returns whether there were any, so the caller toasts only otherwise.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  const match = error instanceof Error ? /^400: ([\s\S]*)$/.exec(error.message) : null;
  if (!match) return false;
  let fieldErrors: unknown;
  try {
    const body = JSON.parse(match[1]!) as { errors?: unknown; fieldErrors?: unknown };
    fieldErrors = body.fieldErrors ?? body.errors;
  } catch {
    return false;
  }
  if (!fieldErrors || typeof fieldErrors !== 'object') return false;
  const entries = Object.entries(fieldErrors as Record<string, unknown>)
    .map(([field, value]) => [field, Array.isArray(value) ? value[0] : value] as const)
    .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string');
  for (const [field, message] of entries) setError(field as Path<T>, { type: 'server', message });
  return entries.length > 0;
}
