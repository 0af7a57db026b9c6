import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createInspectionSchema, type Obligation } from '@shared/contract/compliance';
import { INSPECTION_RESULTS, INSPECTION_RESULT_LABELS, inspectionReadingProblems, ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '@shared/domain/compliance';
import { MAX_EVIDENCE_FILES } from '@shared/domain/uploads';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { countOf, formatCalendarDate } from '@/lib/format';
import { randomUuid } from '@/lib/random-uuid';
import { useCan } from '@/lib/permissions';
import { useRecordInspection } from '@/features/compliance/api/use-compliance-writes';
import { useRegimes } from '@/features/compliance/api/use-regimes';
import { describeFailures, uploadEvidence, type EvidenceFailure } from '@/features/compliance/api/upload-evidence';
import { EvidencePicker } from './evidence-picker';
import { parseReadings, ReadingsFields, type ReadingDrafts } from './readings-fields';

type InspectionValues = z.input<typeof createInspectionSchema>;
type InspectionOutput = z.output<typeof createInspectionSchema>;

/**
 * Record inspection (ADR 025), built for a phone at the asset: the date (today unless back-dated;
 * the server refuses a future one), the result, the certificate, notes and evidence (photos, PDF
 * certificates), and the regime's readings with their limits. The form keeps one inspection id while it is open, so saving again after a lost
 * answer cannot record it twice. The inspection is saved first, then each file is uploaded against
 * it: a file that fails leaves the inspection recorded, and the toast names it so it can be added
 * from the History. With no network the inspection and its evidence are kept on the device and
 * sent later (ADR 028).
 */
export function RecordInspectionDialog({ obligation, open, onOpenChange }: { obligation: Obligation | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const record = useRecordInspection();
  const [evidence, setEvidence] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const busy = record.isPending || uploading;
  const mayUpload = useCan().can('media.upload');
  const close = (next: boolean) => {
    if (busy) return;
    if (!next) setEvidence([]);
    onOpenChange(next);
  };
  const submit = async (values: InspectionOutput) => {
    let inspection;
    try {
      const label = `Inspection: ${obligation!.regime.name}, ${INSPECTION_RESULT_LABELS[values.result]} on ${formatCalendarDate(values.performedOn)}`;
      const sent = await record.mutateAsync({ input: values, label, takeEvidence: () => evidence.map((file) => ({ file })) });
      if (sent.queued) {
        // Its evidence is kept with it and sent after it (ADR 028).
        const withFiles = sent.photos > 0 ? ` with ${countOf(sent.photos, 'evidence file')}` : '';
        toast({ title: `Inspection${withFiles} saved on this device`, description: 'It will be sent when the connection returns' });
        setEvidence([]);
        onOpenChange(false);
        return;
      }
      inspection = sent.data;
    } catch (error) {
      toast({ title: 'Failed to record the inspection', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    const outcome = inspection.result === 'pass' ? 'The due date has moved on' : 'A remedial action has been raised';
    let failed: EvidenceFailure[] = [];
    if (evidence.length > 0) {
      setUploading(true);
      try {
        failed = await uploadEvidence(inspection.id, evidence);
      } finally {
        setUploading(false);
      }
    }
    if (failed.length > 0) {
      toast({
        title: 'Inspection recorded, but some evidence was not uploaded',
        description: `Not uploaded: ${describeFailures(failed)}. Add them from the inspection’s History.`,
        variant: 'destructive',
      });
    } else {
      toast({ title: 'Inspection recorded', description: evidence.length > 0 ? `${outcome}. Evidence uploaded.` : outcome });
    }
    setEvidence([]);
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open && obligation !== null}
      onOpenChange={close}
      title="Record inspection"
      description={obligation?.regime.name}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy && <Spinner className="h-4 w-4 text-primary-foreground" />}
            {uploading ? 'Uploading evidence…' : 'Save inspection'}
          </Button>
        </>
      }
    >
      {obligation && (
        <InspectionForm key={obligation.id} formId={formId} obligation={obligation} onSubmit={(values) => void submit(values)}>
          {mayUpload && <EvidencePicker files={evidence} onChange={setEvidence} max={MAX_EVIDENCE_FILES} disabled={busy} />}
        </InspectionForm>
      )}
    </Dialog>
  );
}

function InspectionForm({
  formId,
  obligation,
  onSubmit,
  children,
}: {
  formId: string;
  obligation: Obligation;
  onSubmit: (values: InspectionOutput) => void;
  /** The evidence picker, whose files the dialog keeps. */
  children: ReactNode;
}) {
  // One id for as long as this form lives: every save of it is the same inspection.
  const [id] = useState(randomUuid);
  const today = todayIn(ORGANISATION_TIME_ZONE_DEFAULT, new Date());
  const readingDefinitions = useRegimes().data?.find((regime) => regime.id === obligation.regime.id)?.readings ?? [];
  const [readingDrafts, setReadingDrafts] = useState<ReadingDrafts>({});
  const [readingErrors, setReadingErrors] = useState<Record<string, string>>({});
  const form = useForm<InspectionValues, unknown, InspectionOutput>({
    resolver: zodResolver(createInspectionSchema),
    defaultValues: { id, obligationId: obligation.id, performedOn: today, result: 'pass', certificateNumber: '', certificateExpiresOn: '', notes: '' },
  });
  const { errors } = form.formState;
  const field = (name: string) => `${formId}-${name}`;
  // The readings are checked by the same rule the server applies (a reading outside its limit makes
  // the result a fail), so the person fixes them here rather than after a refusal.
  const submit = (values: InspectionOutput) => {
    const { readings, errors: typing } = parseReadings(readingDefinitions, readingDrafts);
    const problems = Object.fromEntries(inspectionReadingProblems(readingDefinitions, readings, values.result).map((problem) => [problem.key, problem.message]));
    const found = { ...problems, ...typing };
    setReadingErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ ...values, readings });
  };

  return (
    <form id={formId} className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <FormField id={field('date')} label="Date performed" error={errors.performedOn?.message}>
        <Input id={field('date')} type="date" max={today} aria-invalid={!!errors.performedOn} {...form.register('performedOn')} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Result</legend>
        {INSPECTION_RESULTS.map((result) => (
          <label key={result} className="flex min-h-11 items-center gap-3 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <input type="radio" value={result} className="h-4 w-4 accent-primary" {...form.register('result')} />
            {INSPECTION_RESULT_LABELS[result]}
          </label>
        ))}
        {errors.result && <p className="text-sm text-destructive">{errors.result.message}</p>}
      </fieldset>
      <ReadingsFields idPrefix={formId} definitions={readingDefinitions} drafts={readingDrafts} errors={readingErrors} onChange={setReadingDrafts} />
      <FormField id={field('certificate')} label="Certificate number" error={errors.certificateNumber?.message}>
        <Input id={field('certificate')} autoComplete="off" aria-invalid={!!errors.certificateNumber} {...form.register('certificateNumber')} />
      </FormField>
      <FormField id={field('expiry')} label="Certificate expiry (if stated)" error={errors.certificateExpiresOn?.message}>
        <Input id={field('expiry')} type="date" aria-invalid={!!errors.certificateExpiresOn} {...form.register('certificateExpiresOn')} />
      </FormField>
      <FormField id={field('notes')} label="Notes" error={errors.notes?.message}>
        <Textarea id={field('notes')} rows={3} aria-invalid={!!errors.notes} {...form.register('notes')} />
      </FormField>
      {children}
    </form>
  );
}
