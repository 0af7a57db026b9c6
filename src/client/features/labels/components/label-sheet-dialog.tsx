import { useState } from 'react';
import { Download } from 'lucide-react';
import { DEFAULT_LABEL_LAYOUT, LABEL_LAYOUT_KEYS, LABEL_LAYOUTS, LABELS_MAX, type LabelKind, type LabelLayoutKey } from '@shared/domain/labels';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { downloadLabelSheet, type LabelSheetSource } from '@/features/labels/api/download-label-sheet';

/** Where the labels come from: a location (its assets, or tags for it and the locations inside it), or a choice of assets. */
export type LabelDialogSubject = { kind: 'location'; locationId: string; locationName: string; assetCount: number } | { kind: 'selection'; assetIds: string[] };

const PRINT_LABELS: Record<LabelKind, string> = {
  assets: 'Asset labels',
  locations: 'Location tags (this location and each one inside it)',
};

/**
 * Print labels (ADR 027): an A4 PDF of QR labels on the chosen sheet layout, for the assets in a
 * location and inside it, for tags of the locations themselves (stuck by each room's door, so a
 * surveyor scans where they are first), or for the assets chosen on the asset list.
 */
export function LabelSheetDialog({ open, onOpenChange, subject }: { open: boolean; onOpenChange: (open: boolean) => void; subject: LabelDialogSubject }) {
  const [layout, setLayout] = useState<LabelLayoutKey>(DEFAULT_LABEL_LAYOUT);
  const [print, setPrint] = useState<LabelKind>('assets');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const source: LabelSheetSource = subject.kind === 'location' ? { kind: 'location', locationId: subject.locationId, print } : { kind: 'selection', assetIds: subject.assetIds };
  const description =
    subject.kind === 'selection'
      ? `QR labels for the ${subject.assetIds.length} chosen assets, on A4 label sheets.`
      : `QR labels for the ${subject.assetCount} assets in ${subject.locationName}, or tags for its locations, on A4 label sheets.`;
  // Asset labels of a location: the count is known, so say it before a download the server would refuse.
  const assetsRefusal =
    subject.kind === 'location' && print === 'assets'
      ? subject.assetCount === 0
        ? 'There are no assets here to print labels for.'
        : subject.assetCount > LABELS_MAX
          ? `At most ${LABELS_MAX} labels at a time: print them from the locations inside ${subject.locationName}.`
          : null
      : null;

  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await downloadLabelSheet(source, layout);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Print labels" description={description}>
      <div className="grid gap-4">
        {subject.kind === 'location' && (
          <FormField id="label-print" label="Print">
            <NativeSelect id="label-print" value={print} onChange={(event) => setPrint(event.target.value as LabelKind)}>
              {(Object.keys(PRINT_LABELS) as LabelKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {PRINT_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}
        <FormField id="label-layout" label="Label sheet">
          <NativeSelect id="label-layout" value={layout} onChange={(event) => setLayout(event.target.value as LabelLayoutKey)}>
            {LABEL_LAYOUT_KEYS.map((key) => (
              <option key={key} value={key}>
                {LABEL_LAYOUTS[key].name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {assetsRefusal ? (
          <p className="text-sm text-muted-foreground" role="status">
            {assetsRefusal}
          </p>
        ) : (
          <Button onClick={() => void download()} disabled={busy}>
            {busy ? <Spinner className="h-4 w-4 text-primary-foreground" /> : <Download aria-hidden />} Download PDF
          </Button>
        )}
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}
