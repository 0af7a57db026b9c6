import { useState } from 'react';
import type { ImportMapping, ValueSynonymsInput } from '@shared/contract/imports';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useImportMappings, useSaveImportMapping } from '@/features/import/api/use-import';

/**
 * Mappings saved by name, to reuse with the next file of the same shape: applying one maps each
 * column it names by its header (columns it does not name keep their mapping) and brings its value
 * synonyms; saving keeps the current mapping by header, and the value synonyms.
 */
export function SavedMappings({
  headers,
  mapping,
  synonyms,
  onApply,
}: {
  headers: string[];
  mapping: (string | null)[];
  synonyms: ValueSynonymsInput;
  onApply: (mapping: (string | null)[], synonyms: ValueSynonymsInput) => void;
}) {
  const { data: saved = [] } = useImportMappings();
  const save = useSaveImportMapping();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [applied, setApplied] = useState<string>();

  const apply = (entry: ImportMapping) => {
    onApply(
      headers.map((header, i) => (header in entry.mapping ? (entry.mapping[header] ?? null) : (mapping[i] ?? null))),
      entry.valueSynonyms as ValueSynonymsInput,
    );
    setApplied(entry.name);
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1">
        <Label htmlFor="import-saved-mapping">Saved mappings</Label>
        <div className="flex gap-2">
          <NativeSelect id="import-saved-mapping" value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={saved.length === 0}>
            <option value="">{saved.length === 0 ? 'None saved yet' : 'Choose a mapping'}</option>
            {saved.map((m) => (
              <option key={m.name} value={m.name}>
                {m.name}
              </option>
            ))}
          </NativeSelect>
          <Button
            type="button"
            variant="outline"
            disabled={!chosen}
            onClick={() => {
              const entry = saved.find((m) => m.name === chosen);
              if (entry) apply(entry);
            }}
          >
            Use
          </Button>
        </div>
        {applied && <p role="status" className="text-sm text-muted-foreground">Mapping “{applied}” applied.</p>}
      </div>
      <form
        className="space-y-1"
        onSubmit={(e) => {
          e.preventDefault();
          const byHeader = Object.fromEntries(headers.map((header, i) => [header, mapping[i] ?? null]));
          save.mutate({ name: name.trim(), mapping: byHeader, valueSynonyms: synonyms }, { onSuccess: (entry) => setChosen(entry.name) });
        }}
      >
        <Label htmlFor="import-mapping-name">Save this mapping as</Label>
        <div className="flex gap-2">
          <Input id="import-mapping-name" value={name} maxLength={200} placeholder="e.g. Council register" onChange={(e) => setName(e.target.value)} />
          <Button type="submit" variant="outline" disabled={!name.trim() || save.isPending}>
            Save
          </Button>
        </div>
        {save.isSuccess && <p role="status" className="text-sm text-muted-foreground">Saved as “{save.data.name}”.</p>}
        {save.isError && <p role="alert" className="text-sm text-destructive">{errorMessage(save.error)}</p>}
      </form>
    </div>
  );
}
