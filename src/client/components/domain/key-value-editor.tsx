import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../ui/button';
import { Input } from '../ui/input';

export interface KeyValueRow {
  name: string;
  value: string;
}

/** Edits name/value pairs (asset custom fields, location metadata) as rows. */
export function KeyValueEditor({ rows, onChange, label }: { rows: KeyValueRow[]; onChange: (rows: KeyValueRow[]) => void; label: string }) {
  const update = (index: number, patch: Partial<KeyValueRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {rows.map((row, index) => (
        <div key={index} className="flex gap-2">
          <Input aria-label={`${label} name ${index + 1}`} placeholder="Name" value={row.name} onChange={(e) => update(index, { name: e.target.value })} />
          <Input aria-label={`${label} value ${index + 1}`} placeholder="Value" value={row.value} onChange={(e) => update(index, { value: e.target.value })} />
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${label.toLowerCase()} ${index + 1}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...rows, { name: '', value: '' }])}>
        <Plus aria-hidden /> Add field
      </Button>
    </fieldset>
  );
}

/** Rows → the JSON object the API stores; rows without a name are dropped. */
export function rowsToRecord(rows: KeyValueRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value]));
}

export function recordToRows(record: Record<string, string> | null | undefined): KeyValueRow[] {
  return Object.entries(record ?? {}).map(([name, value]) => ({ name, value }));
}
