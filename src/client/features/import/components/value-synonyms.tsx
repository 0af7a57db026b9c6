import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import type { ValueSynonymsInput } from '@shared/contract/imports';
import { defaultSynonymsByValue, ENUM_LABELS, ENUM_VALUES, type EnumKind } from '@shared/domain/imports';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';

const KIND_LABELS: Record<EnumKind, string> = { type: 'Type', condition: 'Condition', status: 'Status', compliance: 'Compliance flags' };

type Entry = { text: string; value: string };

/**
 * What the cells of the mapped Type, Condition, Status and compliance columns are read as: the
 * defaults shown, and the file's own words added (e.g. "Sparkling" → Excellent). Sent with the dry
 * run and saved with a mapping. A word given here wins over a default.
 */
export function ValueSynonyms({ kinds, value, onChange }: { kinds: EnumKind[]; value: ValueSynonymsInput; onChange: (next: ValueSynonymsInput) => void }) {
  if (kinds.length === 0) return null;
  return (
    <details className="rounded border p-3 text-sm" open={kinds.some((kind) => Object.keys(value[kind] ?? {}).length > 0)}>
      <summary className="cursor-pointer font-medium">Values read from the file</summary>
      <div className="mt-3 space-y-4">
        {kinds.map((kind) => (
          <KindSynonyms key={kind} kind={kind} entries={value[kind] ?? {}} onChange={(entries) => onChange({ ...value, [kind]: entries })} />
        ))}
      </div>
    </details>
  );
}

function KindSynonyms({ kind, entries, onChange }: { kind: EnumKind; entries: Record<string, string>; onChange: (entries: Record<string, string>) => void }) {
  const labels = ENUM_LABELS[kind] as Record<string, string>;
  const defaults = defaultSynonymsByValue(kind);
  const [draft, setDraft] = useState<Entry>({ text: '', value: ENUM_VALUES[kind][0]! });
  const add = () => {
    const text = draft.text.trim();
    if (!text) return;
    onChange({ ...entries, [text]: draft.value });
    setDraft({ ...draft, text: '' });
  };
  const remove = (text: string) => {
    const { [text]: _removed, ...rest } = entries;
    onChange(rest);
  };
  return (
    <section aria-label={`${KIND_LABELS[kind]} values`} className="space-y-2">
      <h4 className="font-medium">{KIND_LABELS[kind]}</h4>
      <ul className="space-y-0.5 text-muted-foreground">
        {ENUM_VALUES[kind].map((v) => (
          <li key={v}>
            <span className="text-foreground">{labels[v]}</span> ← {(defaults[v] ?? []).join(', ')}
          </li>
        ))}
      </ul>
      {Object.keys(entries).length > 0 && (
        <ul className="space-y-1" aria-label={`Your ${KIND_LABELS[kind].toLowerCase()} values`}>
          {Object.entries(entries).map(([text, v]) => (
            <li key={text} className="flex items-center gap-2">
              <span>
                “{text}” → {labels[v] ?? v}
              </span>
              <Button type="button" variant="ghost" size="sm" aria-label={`Remove “${text}”`} onClick={() => remove(text)}>
                <X className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Input
          className="w-40"
          aria-label={`${KIND_LABELS[kind]} text in the file`}
          placeholder="Text in the file"
          maxLength={100}
          value={draft.text}
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <NativeSelect className="w-40" aria-label={`${KIND_LABELS[kind]} it means`} value={draft.value} onChange={(e) => setDraft({ ...draft, value: e.target.value })}>
          {ENUM_VALUES[kind].map((v) => (
            <option key={v} value={v}>
              {labels[v]}
            </option>
          ))}
        </NativeSelect>
        <Button type="button" variant="outline" size="sm" onClick={add} disabled={!draft.text.trim()}>
          <Plus className="mr-1 h-4 w-4" /> Add {KIND_LABELS[kind].toLowerCase()} value
        </Button>
      </div>
    </section>
  );
}
