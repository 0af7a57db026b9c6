import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createRegimeSchema, type Regime } from '@shared/contract/compliance';
import { ASSET_TYPES, ASSET_TYPE_LABELS } from '@shared/domain/assets';
import { ANCHOR_RULES, ANCHOR_RULE_LABELS, INTERVAL_UNITS, INTERVAL_UNIT_LABELS, REGIME_CATEGORIES, REGIME_CATEGORY_LABELS } from '@shared/domain/compliance';
import { LOCATION_TYPES, LOCATION_TYPE_LABELS } from '@shared/domain/locations';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateRegime, useUpdateRegime } from '@/features/compliance/api/use-regime-writes';

type RegimeValues = z.input<typeof createRegimeSchema>;
type RegimeOutput = z.output<typeof createRegimeSchema>;

const NEW_REGIME: RegimeValues = {
  name: '',
  category: 'fire',
  interval: { count: 12, unit: 'month' },
  dueSoonDays: 30,
  anchor: 'from_completion',
  certificateRequired: false,
  reference: '',
  appliesTo: { assetTypes: [], locationTypes: [] },
  notes: '',
};

const valuesOf = (regime: Regime): RegimeValues => ({
  name: regime.name,
  category: regime.category,
  interval: regime.interval,
  dueSoonDays: regime.dueSoonDays,
  anchor: regime.anchor,
  certificateRequired: regime.certificateRequired,
  reference: regime.reference,
  appliesTo: regime.appliesTo,
  notes: regime.notes ?? '',
});

/**
 * Add regime / Edit regime (org admins, ADR 025): the same schema as the server's. A new interval,
 * window or anchor moves the due dates of every obligation under the regime, which the dialog says
 * before it is saved.
 */
export function RegimeFormDialog({ regime, open, onOpenChange }: { regime: Regime | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const create = useCreateRegime();
  const update = useUpdateRegime();
  const pending = create.isPending || update.isPending;
  const close = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };
  const submit = (values: RegimeOutput) => {
    const done = { onSuccess: (saved: Regime) => (toast({ title: regime ? 'Regime updated' : 'Regime added', description: saved.name }), close(false)) };
    const failed = (error: Error) => toast({ title: regime ? 'Failed to update the regime' : 'Failed to add the regime', description: errorMessage(error), variant: 'destructive' });
    if (regime) update.mutate({ id: regime.id, changes: values }, { ...done, onError: failed });
    else create.mutate(values, { ...done, onError: failed });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={regime ? 'Edit regime' : 'Add regime'}
      description={regime ? 'A new interval, window or schedule moves the due dates of every obligation under this regime from its last completion.' : 'A regime of your own, beside the UK catalogue.'}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            {regime ? 'Save regime' : 'Add regime'}
          </Button>
        </>
      }
    >
      {open && <RegimeForm key={regime?.id ?? 'new'} formId={formId} initial={regime ? valuesOf(regime) : NEW_REGIME} onSubmit={submit} />}
    </Dialog>
  );
}

function RegimeForm({ formId, initial, onSubmit }: { formId: string; initial: RegimeValues; onSubmit: (values: RegimeOutput) => void }) {
  const form = useForm<RegimeValues, unknown, RegimeOutput>({ resolver: zodResolver(createRegimeSchema), defaultValues: initial });
  const { errors } = form.formState;
  const field = (name: string) => `${formId}-${name}`;
  const intervalError = errors.interval?.count?.message ?? errors.interval?.unit?.message;

  return (
    <form id={formId} className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id={field('name')} label="Name" error={errors.name?.message}>
        <Input id={field('name')} autoComplete="off" aria-invalid={!!errors.name} {...form.register('name')} />
      </FormField>
      <FormField id={field('category')} label="Category" error={errors.category?.message}>
        <NativeSelect id={field('category')} {...form.register('category')}>
          {REGIME_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {REGIME_CATEGORY_LABELS[category]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Interval</legend>
        <div className="grid grid-cols-2 gap-3">
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            aria-label="Interval"
            aria-invalid={!!errors.interval?.count}
            {...form.register('interval.count', { valueAsNumber: true })}
          />
          <NativeSelect aria-label="Interval unit" {...form.register('interval.unit')}>
            {INTERVAL_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {INTERVAL_UNIT_LABELS[unit]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {intervalError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {intervalError}
          </p>
        )}
      </fieldset>
      <FormField id={field('due-soon')} label="Due-soon window (days before the due date)" error={errors.dueSoonDays?.message}>
        <Input id={field('due-soon')} type="number" inputMode="numeric" min={0} aria-invalid={!!errors.dueSoonDays} {...form.register('dueSoonDays', { valueAsNumber: true })} />
      </FormField>
      <FormField id={field('anchor')} label="Next date set" error={errors.anchor?.message}>
        <NativeSelect id={field('anchor')} {...form.register('anchor')}>
          {ANCHOR_RULES.map((anchor) => (
            <option key={anchor} value={anchor}>
              {ANCHOR_RULE_LABELS[anchor]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-primary" {...form.register('certificateRequired')} />
        A certificate is required as evidence
      </label>
      <FormField id={field('reference')} label="Legal or standard reference" error={errors.reference?.message}>
        <Input id={field('reference')} autoComplete="off" aria-invalid={!!errors.reference} {...form.register('reference')} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Usually applies to assets of type</legend>
        <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
          {ASSET_TYPES.map((type) => (
            <label key={type} className="flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" value={type} className="h-4 w-4 accent-primary" {...form.register('appliesTo.assetTypes')} />
              {ASSET_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Usually applies to locations of level</legend>
        <div className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
          {LOCATION_TYPES.map((type) => (
            <label key={type} className="flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" value={type} className="h-4 w-4 accent-primary" {...form.register('appliesTo.locationTypes')} />
              {LOCATION_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField id={field('notes')} label="Notes" error={errors.notes?.message}>
        <Textarea id={field('notes')} rows={3} aria-invalid={!!errors.notes} {...form.register('notes')} />
      </FormField>
    </form>
  );
}
