import { useState } from 'react';
import type { Inspection } from '@shared/contract/compliance';
import { INSPECTION_RESULT_LABELS } from '@shared/domain/compliance';
import { MAX_EVIDENCE_FILES } from '@shared/domain/uploads';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatCalendarDate } from '@/lib/format';
import { describeFailures, uploadEvidence } from '@/features/compliance/api/upload-evidence';
import { EvidencePicker } from './evidence-picker';

/**
 * Add evidence to an inspection already recorded (ADR 025): the certificate that came by post, the
 * photo that failed to upload on site. Evidence is only ever added (a file is removed by deleting it
 * on the asset's Media tab). Files that fail stay chosen, so Upload tries them again.
 */
export function AddEvidenceDialog({ inspection, onClose }: { inspection: Inspection | null; onClose: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const room = MAX_EVIDENCE_FILES - (inspection?.evidence.length ?? 0);

  const close = () => {
    if (uploading) return;
    setFiles([]);
    onClose();
  };

  const upload = async () => {
    if (!inspection || files.length === 0) return;
    setUploading(true);
    const failed = await uploadEvidence(inspection.id, files).finally(() => setUploading(false));
    if (failed.length === 0) {
      toast({ title: 'Evidence added', description: `${files.length === 1 ? '1 file' : `${files.length} files`} uploaded` });
      setFiles([]);
      onClose();
      return;
    }
    toast({ title: 'Some evidence was not uploaded', description: describeFailures(failed), variant: 'destructive' });
    const names = new Set(failed.map((f) => f.name));
    setFiles(files.filter((file) => names.has(file.name)));
  };

  return (
    <Dialog
      open={inspection !== null}
      onOpenChange={(open) => !open && close()}
      title="Add evidence"
      description={inspection && `Inspection of ${formatCalendarDate(inspection.performedOn)} · ${INSPECTION_RESULT_LABELS[inspection.result]}`}
      footer={
        <>
          <Button type="button" variant="outline" onClick={close} disabled={uploading}>
            Cancel
          </Button>
          <Button type="button" onClick={() => void upload()} disabled={uploading || files.length === 0}>
            {uploading && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Upload
          </Button>
        </>
      }
    >
      {room > 0 ? (
        <EvidencePicker files={files} onChange={setFiles} max={room} disabled={uploading} />
      ) : (
        <p className="text-sm text-muted-foreground">This inspection has {MAX_EVIDENCE_FILES} files of evidence, the most it can have.</p>
      )}
    </Dialog>
  );
}
