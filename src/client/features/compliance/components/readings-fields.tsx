import type { ReadingDefinition } from '@shared/domain/compliance';
import { readingLimitLabel, readingWithinLimits } from '@shared/domain/compliance';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** What the person typed in each reading's box, by the reading's key. */
export type ReadingDrafts = Record<string, string>;

/** The typed readings as numbers; a box left empty is a reading not taken, text is an error. */
export function parseReadings(definitions: readonly ReadingDefinition[], drafts: ReadingDrafts): { readings: Record<string, number>; errors: Record<string, string> } {
  const readings: Record<string, number> = {};
  const errors: Record<string, string> = {};
  for (const { key, label } of definitions) {
    const text = (drafts[key] ?? '').trim().replace(',', '.');
    if (!text) continue;
    const value = Number(text);
    if (Number.isFinite(value)) readings[key] = value;
    else errors[key] = `${label} must be a number`;
  }
  return { readings, errors };
}

function fieldLabel(definition: ReadingDefinition): string {
  const limit = readingLimitLabel(definition);
  const unit = definition.unit ? ` (${definition.unit})` : '';
  return limit ? `${definition.label}${unit}, limit ${limit}` : `${definition.label}${unit}`;
}

/**
 * The regime's readings (e.g. sentinel outlet temperatures), each with its unit and limit, and a
 * warning as soon as a typed value is outside it: outside the limit the result has to be a fail, and
 * the person taking the reading should know that before saving, not after.
 */
export function ReadingsFields({
  idPrefix,
  definitions,
  drafts,
  errors,
  onChange,
}: {
  idPrefix: string;
  definitions: readonly ReadingDefinition[];
  drafts: ReadingDrafts;
  errors: Record<string, string>;
  onChange: (drafts: ReadingDrafts) => void;
}) {
  if (definitions.length === 0) return null;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Readings</legend>
      {definitions.map((definition) => {
        const id = `${idPrefix}-reading-${definition.key}`;
        const { readings } = parseReadings([definition], drafts);
        const value = readings[definition.key];
        const outside = value !== undefined && !readingWithinLimits(definition, value);
        return (
          <FormField key={definition.key} id={id} label={fieldLabel(definition)} error={errors[definition.key]}>
            <Input
              id={id}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={!!errors[definition.key] || outside}
              aria-describedby={outside ? `${id}-outside` : undefined}
              value={drafts[definition.key] ?? ''}
              onChange={(event) => onChange({ ...drafts, [definition.key]: event.target.value })}
            />
            {outside && !errors[definition.key] && (
              <p id={`${id}-outside`} className="text-sm font-medium text-destructive">
                Outside the limit ({readingLimitLabel(definition)}): record this inspection as a fail.
              </p>
            )}
          </FormField>
        );
      })}
    </fieldset>
  );
}
