import { useState } from 'react';
import { Download } from 'lucide-react';
import { DEFAULT_LABEL_LAYOUT, LABEL_LAYOUT_KEYS, LABEL_LAYOUTS, LABELS_MAX, type LabelLayoutKey } from '@shared/domain/labels';
import { apiPaths } from '@/lib/api-paths';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';

/**
 * Print labels (ADR 027): an A4 PDF of QR labels for every asset in the location and inside it, on
 * the chosen sheet layout. The browser downloads it; a refusal (no assets, too many) comes back as
 * the server's message in the downloaded file's place, so the count is said here first.
 */
export function LabelSheetDialog({
  open,
  onOpenChange,
  locationId,
  locationName,
  assetCount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locationId: string;
  locationName: string;
  assetCount: number;
}) {
  const [layout, setLayout] = useState<LabelLayoutKey>(DEFAULT_LABEL_LAYOUT);
  const href = `${apiPaths.labels}?${new URLSearchParams({ locationId, layout })}`;
  const printable = assetCount > 0 && assetCount <= LABELS_MAX;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Print labels" description={`QR labels for the ${assetCount} assets in ${locationName}, on A4 label sheets.`}>
      <div className="grid gap-4">
        <FormField id="label-layout" label="Label sheet">
          <NativeSelect id="label-layout" value={layout} onChange={(event) => setLayout(event.target.value as LabelLayoutKey)}>
            {LABEL_LAYOUT_KEYS.map((key) => (
              <option key={key} value={key}>
                {LABEL_LAYOUTS[key].name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {printable ? (
          <Button asChild>
            <a href={href} download>
              <Download aria-hidden /> Download PDF
            </a>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground" role="status">
            {assetCount === 0 ? 'There are no assets here to print labels for.' : `At most ${LABELS_MAX} labels at a time: print them from the locations inside ${locationName}.`}
          </p>
        )}
      </div>
    </Dialog>
  );
}
