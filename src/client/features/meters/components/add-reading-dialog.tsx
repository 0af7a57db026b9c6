import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { AlertTriangle } from 'lucide-react';
import { readingFormSchema, type Meter } from '@shared/contract/meters';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { dateTimeLocalToIso, toDateTimeLocal } from '@/lib/date-time-local';
import { isLowerReadingRefusal, useCreateReading } from '@/features/meters/api/use-create-reading';
import { lastReadingText } from '@/features/meters/format';

/**
 * The shared form schema (a blank reading falls back to 0 before sending, spec §5), except that the
 * reading date arrives as a datetime-local value and is converted to ISO with the local offset before
 * the shared rule checks it.
 */
const readingDialogSchema = readingFormSchema.extend({
  readingDate: z.string().transform(dateTimeLocalToIso).pipe(readingFormSchema.shape.readingDate),
});
type ReadingFormValues = z.input<typeof readingDialogSchema>;
type ReadingFormOutput = z.output<typeof readingDialogSchema>;

/**
 * Add Reading (spec §2, §5) for one meter. A reading below the previous one is refused by the server
 * until the user confirms that the meter was replaced or rolled over: the dialog then stays open,
 * shows the server's message and a checkbox, and saving again sends confirmReset.
 */
export function AddReadingDialog({ meter, open, onOpenChange }: { meter: Meter | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const createReading = useCreateReading();
  // The refusal message, while the user decides whether the lower reading is a meter reset.
  const [lowerReading, setLowerReading] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (createReading.isPending) return;
    if (!next) setLowerReading(null);
    onOpenChange(next);
  };

  const submit = (values: ReadingFormOutput) =>
    createReading.mutate({ input: values, meter: meter! }, {
      onSuccess: (outcome) => {
        if (outcome.queued) toast({ title: 'Reading saved on this device', description: 'It will be sent when the connection returns' });
        else toast({ title: 'Reading recorded', description: 'The meter reading has been saved' });
        close(false);
      },
      onError: (error) => {
        const message = errorMessage(error);
        if (isLowerReadingRefusal(message)) setLowerReading(message);
        else toast({ title: 'Failed to record reading', description: message, variant: 'destructive' });
      },
    });

  return (
    <Dialog
      open={open && meter !== null}
      onOpenChange={close}
      title="Add Reading"
      description={meter ? `${meter.meterNumber} · ${lastReadingText(meter)}` : undefined}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={createReading.isPending}>
            {createReading.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Save Reading
          </Button>
        </>
      }
    >
      {meter && (
        <AddReadingForm
          key={meter.id}
          formId={formId}
          meter={meter}
          lowerReading={lowerReading}
          onEdited={() => setLowerReading(null)}
          onSubmit={submit}
        />
      )}
    </Dialog>
  );
}

function AddReadingForm({
  formId,
  meter,
  lowerReading,
  onEdited,
  onSubmit,
}: {
  formId: string;
  meter: Meter;
  lowerReading: string | null;
  /** The reading or its date changed: an earlier refusal no longer applies. */
  onEdited: () => void;
  onSubmit: (values: ReadingFormOutput) => void;
}) {
  const form = useForm<ReadingFormValues, unknown, ReadingFormOutput>({
    resolver: zodResolver(readingDialogSchema),
    defaultValues: { meterId: meter.id, reading: '', readingDate: toDateTimeLocal(new Date()), notes: '', confirmReset: false },
  });
  const { errors } = form.formState;
  const field = (name: string) => `${formId}-${name}`;
  // A confirmation given for one value must not carry over to another.
  const edited = () => {
    if (lowerReading === null) return;
    form.setValue('confirmReset', false);
    onEdited();
  };

  return (
    <form id={formId} className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id={field('reading')} label={`Reading (${meter.unit})`} error={errors.reading?.message}>
        <Input
          id={field('reading')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          autoComplete="off"
          aria-invalid={!!errors.reading || lowerReading !== null}
          {...form.register('reading', { onChange: edited })}
        />
      </FormField>
      {lowerReading !== null && (
        <div className="grid gap-3 rounded-md border border-amber-500/60 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100" data-testid="lower-reading">
          <p role="alert" className="flex gap-2">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>{lowerReading}</span>
          </p>
          <label className="flex items-center gap-2 font-medium">
            <input type="checkbox" className="h-4 w-4 accent-primary" {...form.register('confirmReset')} />
            This meter was replaced or rolled over
          </label>
        </div>
      )}
      <FormField id={field('date')} label="Reading date" error={errors.readingDate?.message}>
        <Input id={field('date')} type="datetime-local" aria-invalid={!!errors.readingDate} {...form.register('readingDate', { onChange: edited })} />
      </FormField>
      <FormField id={field('notes')} label="Notes" error={errors.notes?.message}>
        <Textarea id={field('notes')} rows={3} aria-invalid={!!errors.notes} {...form.register('notes')} />
      </FormField>
    </form>
  );
}
