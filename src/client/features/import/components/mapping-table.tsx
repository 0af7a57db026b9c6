import { CUSTOM_TARGET_PREFIX, IMPORT_FIELD_LABELS, IMPORT_FIELDS, inspectionTarget, type ImportField } from '@shared/domain/imports';
import { NativeSelect } from '@/components/ui/input';

const IGNORE = '';
const CUSTOM = '__custom';
const METER_FIELDS: readonly ImportField[] = ['meterNumber', 'meterReading', 'meterReadingDate'];
const ASSET_FIELDS = IMPORT_FIELDS.filter((field) => !METER_FIELDS.includes(field));

/**
 * One row per column: its header, a sample value, and what it goes into (suggested from the header):
 * an asset field, a meter's latest reading, a regime's last inspection date or certificate number
 * (`regimes`: those in use), or a custom field.
 */
export function MappingTable({
  headers,
  sample,
  mapping,
  regimes,
  onChange,
}: {
  headers: string[];
  sample: string[][];
  mapping: (string | null)[];
  regimes: { key: string; name: string }[];
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
                    <optgroup label="Asset">
                      {ASSET_FIELDS.map((field) => (
                        <option key={field} value={field}>
                          {IMPORT_FIELD_LABELS[field]}
                        </option>
                      ))}
                      <option value={CUSTOM}>Custom field “{header}”</option>
                    </optgroup>
                    <optgroup label="Meter reading">
                      {METER_FIELDS.map((field) => (
                        <option key={field} value={field}>
                          {IMPORT_FIELD_LABELS[field]}
                        </option>
                      ))}
                    </optgroup>
                    {regimes.length > 0 && (
                      <optgroup label="Last inspection (recorded as a pass)">
                        {regimes.flatMap((regime) => [
                          <option key={`${regime.key}-date`} value={inspectionTarget(regime.key, 'date')}>
                            {regime.name}: date done
                          </option>,
                          <option key={`${regime.key}-certificate`} value={inspectionTarget(regime.key, 'certificate')}>
                            {regime.name}: certificate number
                          </option>,
                        ])}
                      </optgroup>
                    )}
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
