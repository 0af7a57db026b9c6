import { CUSTOM_TARGET_PREFIX, IMPORT_FIELD_LABELS, IMPORT_FIELDS } from '@shared/domain/imports';
import { NativeSelect } from '@/components/ui/input';

const IGNORE = '';
const CUSTOM = '__custom';

/** One row per column: its header, a sample value, and what it goes into (suggested from the header). */
export function MappingTable({
  headers,
  sample,
  mapping,
  onChange,
}: {
  headers: string[];
  sample: string[][];
  mapping: (string | null)[];
  onChange: (mapping: (string | null)[]) => void;
}) {
  const set = (index: number, value: string) => {
    const next = [...mapping];
    next[index] = value === IGNORE ? null : value === CUSTOM ? `${CUSTOM_TARGET_PREFIX}${headers[index]}` : value;
    onChange(next);
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left">
            <th className="py-2 pr-3 font-medium">Column</th>
            <th className="py-2 pr-3 font-medium">First value</th>
            <th className="py-2 font-medium">Import into</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((header, i) => {
            const target = mapping[i] ?? null;
            const value = target === null ? IGNORE : target.startsWith(CUSTOM_TARGET_PREFIX) ? CUSTOM : target;
            return (
              <tr key={`${header}-${i}`} className="border-b last:border-0">
                <td className="py-2 pr-3 font-medium">{header}</td>
                <td className="max-w-[12rem] truncate py-2 pr-3 text-muted-foreground">{sample[0]?.[i] ?? ''}</td>
                <td className="py-2">
                  <NativeSelect aria-label={`Import ${header} into`} value={value} onChange={(e) => set(i, e.target.value)}>
                    <option value={IGNORE}>Don’t import</option>
                    {IMPORT_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {IMPORT_FIELD_LABELS[field]}
                      </option>
                    ))}
                    <option value={CUSTOM}>Custom field “{header}”</option>
                  </NativeSelect>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
