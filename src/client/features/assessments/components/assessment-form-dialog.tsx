import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import { createAssessmentSchema } from '@shared/contract/assessments';
import { CONDITIONS, CONDITION_LABELS, DEFAULT_DEFECT_SEVERITY, DEFECT_SEVERITIES, DEFECT_SEVERITY_LABELS, MAX_DEFECTS } from '@shared/domain';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useRecordPhotos } from '@/components/photo-capture/use-record-photos';
import { useCreateAssessment, type PendingAsset } from '@/features/assessments/api/use-create-assessment';
import { dateTimeLocalToIso, toDateTimeLocal } from '@/lib/date-time-local';
import { countOf } from '@/lib/format';

/**
 * The shared schema, except that "assessed at" arrives as a datetime-local value and is converted to
 * ISO with the local offset before the shared rule checks it. No assessmentId is sent: the server
 * numbers it (ASM-…), and the disabled submit button guards against double submits.
 */
const assessmentFormSchema = createAssessmentSchema.extend({
  assessedAt: z.string().transform(dateTimeLocalToIso).pipe(createAssessmentSchema.shape.assessedAt),
});
type AssessmentFormValues = z.input<typeof assessmentFormSchema>;
type AssessmentFormOutput = z.output<typeof assessmentFormSchema>;

const FORM_ID = 'assessment-form';
const newDefect = () => ({ code: '', description: '', severity: DEFAULT_DEFECT_SEVERITY });

/** Records a condition assessment of one asset, with its defects. */
export function AssessmentFormDialog({
  open,
  onOpenChange,
  assetId,
  assetCode,
  pendingAsset,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The asset's id (uuid). */
  assetId: string;
  /** Its display code, for the dialog's description. */
  assetCode: string;
  /** An asset made on this device and not yet sent (`assetId` is then its client id): the assessment waits for it (ADR 028). */
  pendingAsset?: PendingAsset;
}) {
  const createAssessment = useCreateAssessment();
  const photos = useRecordPhotos();
  const busy = createAssessment.isPending || photos.uploading;

  const submit = (values: AssessmentFormOutput) =>
    createAssessment.mutate({ input: values, assetCode, takePhotos: photos.take, pendingAsset }, {
      onSuccess: async (outcome) => {
        if (outcome.queued) {
          // Its photos are kept with it and sent after it (ADR 028).
          const withPhotos = outcome.photos > 0 ? ` with ${countOf(outcome.photos, 'photo')}` : '';
          toast({ title: `Assessment${withPhotos} saved on this device`, description: 'It will be sent when the connection returns' });
          onOpenChange(false);
          return;
        }
        toast({ title: 'Assessment created', description: 'The condition assessment has been recorded successfully' });
        // Photos chosen in the form go up now that the assessment exists; failures keep the dialog open.
        if (await photos.uploadFor({ assessmentId: outcome.data.id, assetId })) onOpenChange(false);
      },
      onError: (error) => toast({ title: 'Failed to create assessment', description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Add Assessment"
      description={`Record the current condition of ${assetCode}.`}
      className="sm:max-w-2xl"
      footer={photos.footer(
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={busy}>
            {busy && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Save Assessment
          </Button>
        </>,
        () => onOpenChange(false),
      )}
    >
      <AssessmentForm assetId={assetId} onSubmit={submit} />
      {photos.field}
    </Dialog>
  );
}

/** Mounted afresh at each opening, so "assessed at" starts at the moment the dialog opened. */
function AssessmentForm({ assetId, onSubmit }: { assetId: string; onSubmit: (values: AssessmentFormOutput) => void }) {
  const form = useForm<AssessmentFormValues, unknown, AssessmentFormOutput>({
    resolver: zodResolver(assessmentFormSchema),
    // No condition: a new assessment has no default (spec §4); the select starts on its placeholder.
    defaultValues: { assetId, conditionNotes: '', assessedAt: toDateTimeLocal(new Date()), defects: [] },
  });
  const defects = useFieldArray({ control: form.control, name: 'defects' });
  const { errors } = form.formState;

  return (
    <form id={FORM_ID} noValidate className="grid gap-6" onSubmit={form.handleSubmit(onSubmit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="assessment-condition" label="Condition" error={errors.condition?.message}>
          <NativeSelect id="assessment-condition" aria-invalid={!!errors.condition} {...form.register('condition')}>
            <option value="">Select condition</option>
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_LABELS[condition]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="assessment-assessed-at" label="Assessed at" error={errors.assessedAt?.message}>
          <Input id="assessment-assessed-at" type="datetime-local" aria-invalid={!!errors.assessedAt} {...form.register('assessedAt')} />
        </FormField>
      </div>
      <FormField id="assessment-notes" label="Notes" error={errors.conditionNotes?.message}>
        <Textarea id="assessment-notes" rows={3} aria-invalid={!!errors.conditionNotes} {...form.register('conditionNotes')} />
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Defects</legend>
        {defects.fields.length === 0 && <p className="text-sm text-muted-foreground">No defects added.</p>}
        {defects.fields.map((field, index) => {
          const rowErrors = errors.defects?.[index];
          const n = index + 1;
          return (
            <div key={field.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[8rem_1fr_8rem_auto] sm:items-start" data-testid="defect-row">
              <FormField id={`defect-${index}-code`} label={`Defect ${n} code`} error={rowErrors?.code?.message}>
                <Input id={`defect-${index}-code`} placeholder="e.g. FD-01" {...form.register(`defects.${index}.code`)} />
              </FormField>
              <FormField id={`defect-${index}-description`} label={`Defect ${n} description`} error={rowErrors?.description?.message}>
                <Input id={`defect-${index}-description`} aria-invalid={!!rowErrors?.description} {...form.register(`defects.${index}.description`)} />
              </FormField>
              <FormField id={`defect-${index}-severity`} label={`Defect ${n} severity`} error={rowErrors?.severity?.message}>
                <NativeSelect id={`defect-${index}-severity`} {...form.register(`defects.${index}.severity`)}>
                  {DEFECT_SEVERITIES.map((severity) => (
                    <option key={severity} value={severity}>
                      {DEFECT_SEVERITY_LABELS[severity]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <Button type="button" variant="ghost" size="icon" className="justify-self-end sm:mt-6" aria-label={`Remove defect ${n}`} onClick={() => defects.remove(index)}>
                <Trash2 aria-hidden />
              </Button>
            </div>
          );
        })}
        {errors.defects?.root?.message && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.defects.root.message}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={defects.fields.length >= MAX_DEFECTS}
          onClick={() => defects.append(newDefect())}
        >
          <Plus aria-hidden /> Add defect
        </Button>
      </fieldset>
    </form>
  );
}
