import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createInspectionSchema, type Obligation } from '@shared/contract/compliance';
import { INSPECTION_RESULTS, INSPECTION_RESULT_LABELS, ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '@shared/domain/compliance';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { randomUuid } from '@/lib/random-uuid';
import { useRecordInspection } from '@/features/compliance/api/use-compliance-writes';

type InspectionValues = z.input<typeof createInspectionSchema>;
type InspectionOutput = z.output<typeof createInspectionSchema>;

/**
 * Record inspection (ADR 025), built for a phone at the asset: the date (today unless back-dated;
 * the server refuses a future one), the result, the certificate and notes. The form keeps one
 * inspection id while it is open, so saving again after a lost answer cannot record it twice.
 */
export function RecordInspectionDialog({ obligation, open, onOpenChange }: { obligation: Obligation | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const record = useRecordInspection();
  const close = (next: boolean) => {
    if (!record.isPending) onOpenChange(next);
  };
  const submit = (values: InspectionOutput) =>
    record.mutate(values, {
      onSuccess: (inspection) => {
        toast({
          title: 'Inspection recorded',
          description: inspection.result === 'pass' ? 'The due date has moved on' : 'A remedial action has been raised',
        });
        close(false);
      },
      onError: (error) => toast({ title: 'Failed to record the inspection', description: errorMessage(error), variant: 'destructive' }),
    });

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
          <Button type="submit" form={formId} disabled={record.isPending}>
            {record.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Save inspection
          </Button>
        </>
      }
    >
      {obligation && <InspectionForm key={obligation.id} formId={formId} obligation={obligation} onSubmit={submit} />}
    </Dialog>
  );
}

function InspectionForm({ formId, obligation, onSubmit }: { formId: string; obligation: Obligation; onSubmit: (values: InspectionOutput) => void }) {
  // One id for as long as this form lives: every save of it is the same inspection.
  const [id] = useState(randomUuid);
  const today = todayIn(ORGANISATION_TIME_ZONE_DEFAULT, new Date());
  const form = useForm<InspectionValues, unknown, InspectionOutput>({
    resolver: zodResolver(createInspectionSchema),
    defaultValues: { id, obligationId: obligation.id, performedOn: today, result: 'pass', certificateNumber: '', certificateExpiresOn: '', notes: '' },
  });
  const { errors } = form.formState;
  const field = (name: string) => `${formId}-${name}`;

  return (
    <form id={formId} className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
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
      <FormField id={field('certificate')} label="Certificate number" error={errors.certificateNumber?.message}>
        <Input id={field('certificate')} autoComplete="off" aria-invalid={!!errors.certificateNumber} {...form.register('certificateNumber')} />
      </FormField>
      <FormField id={field('expiry')} label="Certificate expiry (if stated)" error={errors.certificateExpiresOn?.message}>
        <Input id={field('expiry')} type="date" aria-invalid={!!errors.certificateExpiresOn} {...form.register('certificateExpiresOn')} />
      </FormField>
      <FormField id={field('notes')} label="Notes" error={errors.notes?.message}>
        <Textarea id={field('notes')} rows={3} aria-invalid={!!errors.notes} {...form.register('notes')} />
      </FormField>
    </form>
  );
}
