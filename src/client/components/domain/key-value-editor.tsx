import { Plus, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { jsonTypeLabel, type KeyValueRow } from './key-value-rows';

/**
 * Edits name/value pairs (asset custom fields, location metadata) as rows. Text values are edited;
 * a value of another JSON type is shown read-only as JSON with its type, kept as it is on save, and
 * its row can still be renamed or removed.
 */
export function KeyValueEditor({ rows, onChange, label }: { rows: KeyValueRow[]; onChange: (rows: KeyValueRow[]) => void; label: string }) {
  const update = (index: number, patch: Partial<KeyValueRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      {rows.map((row, index) => (
        <div key={index} className="flex items-center gap-2" data-testid="key-value-row">
          <Input aria-label={`${label} name ${index + 1}`} placeholder="Name" value={row.name} onChange={(e) => update(index, { name: e.target.value })} />
          {row.kept ? (
            <div className="flex w-full min-w-0 items-center gap-2">
              <Badge className="text-muted-foreground" title="Set outside this form; kept as it is when you save">
                {jsonTypeLabel(row.kept.value)}
              </Badge>
              <Input
                aria-label={`${label} value ${index + 1} (${jsonTypeLabel(row.kept.value)}, read-only)`}
                className="bg-muted font-mono"
                value={row.value}
                title={row.value}
                readOnly
              />
            </div>
          ) : (
            <Input aria-label={`${label} value ${index + 1}`} placeholder="Value" value={row.value} onChange={(e) => update(index, { value: e.target.value })} />
          )}
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
