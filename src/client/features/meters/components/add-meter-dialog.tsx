import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createMeterSchema, type CreateMeterInput } from '@shared/contract/meters';
import { DEFAULT_METER_UNITS, METER_DEFAULTS, METER_TYPE_LABELS, METER_TYPES, type MeterType } from '@shared/domain/meters';
import { LocationPicker } from '@/components/domain/location-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateMeter } from '@/features/meters/api/use-create-meter';

// The multiplier is typed as text into a number input; the shared schema parses it (blank → 1).
const EMPTY: CreateMeterInput = {
  meterNumber: '',
  type: METER_DEFAULTS.type,
  unit: METER_DEFAULTS.unit,
  multiplier: String(METER_DEFAULTS.multiplier),
  locationId: '',
};

/** Add Meter (spec §2, §5): number, type (sets the unit), unit, multiplier and location. */
export function AddMeterDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const createMeter = useCreateMeter();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !createMeter.isPending && onOpenChange(next)}
      title="Add Meter"
      description="A utility meter whose readings you record."
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={createMeter.isPending}>
            {createMeter.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Create Meter
          </Button>
        </>
      }
    >
      {/* Mounted only while open, so every opening starts from the defaults. */}
      <AddMeterForm
        formId={formId}
        onSubmit={(values) =>
          createMeter.mutate(values, {
            onSuccess: () => {
              toast({ title: 'Meter created', description: 'The meter has been added successfully' });
              onOpenChange(false);
            },
            onError: (error) => toast({ title: 'Failed to create meter', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      />
    </Dialog>
  );
}

function AddMeterForm({ formId, onSubmit }: { formId: string; onSubmit: (values: CreateMeterInput) => void }) {
  const form = useForm({ resolver: zodResolver(createMeterSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const locationId = useWatch({ control: form.control, name: 'locationId' });
  const field = (name: string) => `${formId}-${name}`;

  // The type suggests its unit; the user may still type another one afterwards.
  const changeType = (type: string) => {
    const unit = DEFAULT_METER_UNITS[type as MeterType];
    if (unit) form.setValue('unit', unit, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <form id={formId} className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      <FormField id={field('number')} label="Meter number" error={errors.meterNumber?.message}>
        <Input id={field('number')} aria-invalid={!!errors.meterNumber} autoComplete="off" {...form.register('meterNumber')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={field('type')} label="Type" error={errors.type?.message}>
          <NativeSelect
            id={field('type')}
            aria-invalid={!!errors.type}
            {...form.register('type', { onChange: (e: { target: { value: string } }) => changeType(e.target.value) })}
          >
            {METER_TYPES.map((type) => (
              <option key={type} value={type}>
                {METER_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={field('unit')} label="Unit" error={errors.unit?.message}>
          <Input id={field('unit')} aria-invalid={!!errors.unit} autoComplete="off" {...form.register('unit')} />
        </FormField>
      </div>
      <FormField id={field('multiplier')} label="Multiplier" error={errors.multiplier?.message}>
        <Input
          id={field('multiplier')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          aria-invalid={!!errors.multiplier}
          {...form.register('multiplier')}
        />
      </FormField>
      <FormField id={field('location')} label="Location" error={errors.locationId?.message}>
        <LocationPicker
          id={field('location')}
          value={locationId}
          onChange={(location) => form.setValue('locationId', location?.id ?? '', { shouldValidate: true })}
          invalid={!!errors.locationId}
        />
      </FormField>
    </form>
  );
}
