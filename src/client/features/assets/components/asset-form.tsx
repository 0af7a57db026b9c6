import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createAssetSchema, type Asset } from '@shared/contract/assets';
import {
  ASSET_DEFAULTS,
  ASSET_STATUSES,
  ASSET_STATUS_LABELS,
  ASSET_TYPES,
  ASSET_TYPE_LABELS,
  COMPLIANCE_FIELDS,
  COMPLIANCE_LABELS,
  COMPLIANCE_VALUES,
  CONDITIONS,
  CONDITION_LABELS,
} from '@shared/domain';
import { KeyValueEditor } from '@/components/domain/key-value-editor';
import { recordToRows, rowsToRecord, type KeyValueRow } from '@/components/domain/key-value-rows';
import { LocationPicker } from '@/components/domain/location-picker';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { randomUuid } from '@/lib/random-uuid';

export type AssetFormValues = z.input<typeof createAssetSchema>;
export type AssetFormOutput = z.output<typeof createAssetSchema>;

/** What a new asset starts with beyond the defaults: a scanned barcode, a scanned location tag. */
export interface NewAssetPrefill {
  barcode?: string;
  location?: { id: string; path: string } | null;
}

/**
 * Empty form for a new asset: the spec's defaults, the prefill (ADR 027: the location being scanned
 * at and a scanned barcode), and a fresh idempotency key for this opening.
 */
function newAssetValues(prefill: NewAssetPrefill): AssetFormValues {
  return {
    locationId: prefill.location?.id ?? '',
    type: ASSET_DEFAULTS.type,
    condition: ASSET_DEFAULTS.condition,
    subtype: '',
    make: '',
    model: '',
    serial: '',
    description: '',
    installDate: '',
    warrantyExpiry: '',
    conditionNotes: '',
    complianceFire: ASSET_DEFAULTS.compliance,
    complianceElectrical: ASSET_DEFAULTS.compliance,
    complianceLoler: ASSET_DEFAULTS.compliance,
    complianceHygiene: ASSET_DEFAULTS.compliance,
    barcode: prefill.barcode ?? '',
    customFields: {},
    status: ASSET_DEFAULTS.status,
    // A retried submit (flaky connection) sends the same key, so the server creates one asset.
    clientAssetId: randomUuid(),
  };
}

function existingAssetValues(asset: Asset): AssetFormValues {
  return {
    locationId: asset.locationId,
    type: asset.type,
    condition: asset.condition,
    subtype: asset.subtype ?? '',
    make: asset.make ?? '',
    model: asset.model ?? '',
    serial: asset.serial ?? '',
    description: asset.description ?? '',
    installDate: asset.installDate ?? '',
    warrantyExpiry: asset.warrantyExpiry ?? '',
    conditionNotes: asset.conditionNotes ?? '',
    complianceFire: asset.complianceFire,
    complianceElectrical: asset.complianceElectrical,
    complianceLoler: asset.complianceLoler,
    complianceHygiene: asset.complianceHygiene,
    barcode: asset.barcode ?? '',
    customFields: asset.customFields,
    status: asset.status,
  };
}

/** The first message in an error tree: customFields errors sit under the field's name (e.g. a value too long). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const child of Object.values(error)) {
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Every asset field, grouped in sections so the form reads well on a phone. Validated with the same
 * schema the server uses; `onSubmit` gets the parsed values. Mounted afresh at each dialog opening.
 */
export function AssetForm({
  id,
  asset,
  prefill = {},
  onSubmit,
}: {
  id: string;
  asset?: Asset;
  prefill?: NewAssetPrefill;
  onSubmit: (values: AssetFormOutput) => void;
}) {
  const form = useForm({
    resolver: zodResolver(createAssetSchema),
    defaultValues: asset ? existingAssetValues(asset) : newAssetValues(prefill),
  });
  const { errors, isSubmitted } = form.formState;
  const [customRows, setCustomRows] = useState<KeyValueRow[]>(() => recordToRows(asset?.customFields));
  const locationId = useWatch({ control: form.control, name: 'locationId' });

  const changeCustomRows = (rows: KeyValueRow[]) => {
    setCustomRows(rows);
    form.setValue('customFields', rowsToRecord(rows), { shouldValidate: isSubmitted });
  };

  return (
    <form id={id} noValidate className="grid gap-8" onSubmit={form.handleSubmit(onSubmit)}>
      <Section title="Location and type">
        <FormField id="asset-location" label="Location" error={errors.locationId?.message}>
          <LocationPicker
            id="asset-location"
            value={locationId}
            selectedPath={asset?.locationPath ?? prefill.location?.path}
            invalid={!!errors.locationId}
            onChange={(location) => form.setValue('locationId', location?.id ?? '', { shouldValidate: isSubmitted })}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="asset-type" label="Type" error={errors.type?.message}>
            <NativeSelect id="asset-type" aria-invalid={!!errors.type} {...form.register('type')}>
              {ASSET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ASSET_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="asset-subtype" label="Subtype" error={errors.subtype?.message}>
            <Input id="asset-subtype" aria-invalid={!!errors.subtype} {...form.register('subtype')} />
          </FormField>
        </div>
      </Section>

      <Section title="Identification">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="asset-make" label="Make" error={errors.make?.message}>
            <Input id="asset-make" aria-invalid={!!errors.make} {...form.register('make')} />
          </FormField>
          <FormField id="asset-model" label="Model" error={errors.model?.message}>
            <Input id="asset-model" aria-invalid={!!errors.model} {...form.register('model')} />
          </FormField>
          <FormField id="asset-serial" label="Serial number" error={errors.serial?.message}>
            <Input id="asset-serial" autoCapitalize="characters" aria-invalid={!!errors.serial} {...form.register('serial')} />
          </FormField>
          <FormField id="asset-barcode" label="Barcode" error={errors.barcode?.message}>
            <Input id="asset-barcode" aria-invalid={!!errors.barcode} {...form.register('barcode')} />
          </FormField>
        </div>
      </Section>

      <Section title="Condition">
        <FormField id="asset-condition" label="Condition" error={errors.condition?.message}>
          <NativeSelect id="asset-condition" aria-invalid={!!errors.condition} {...form.register('condition')}>
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {CONDITION_LABELS[condition]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="asset-condition-notes" label="Condition notes" error={errors.conditionNotes?.message}>
          <Textarea id="asset-condition-notes" rows={2} aria-invalid={!!errors.conditionNotes} {...form.register('conditionNotes')} />
        </FormField>
      </Section>

      <Section title="Compliance">
        <div className="grid grid-cols-2 gap-4">
          {COMPLIANCE_FIELDS.map(({ key, label }) => (
            <FormField key={key} id={`asset-${key}`} label={label} error={errors[key]?.message}>
              <NativeSelect id={`asset-${key}`} aria-invalid={!!errors[key]} {...form.register(key)}>
                {COMPLIANCE_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {COMPLIANCE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ))}
        </div>
      </Section>

      <Section title="Details">
        <FormField id="asset-description" label="Description" error={errors.description?.message}>
          <Textarea id="asset-description" rows={3} aria-invalid={!!errors.description} {...form.register('description')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="asset-install-date" label="Install date" error={errors.installDate?.message}>
            <Input id="asset-install-date" type="date" aria-invalid={!!errors.installDate} {...form.register('installDate')} />
          </FormField>
          <FormField id="asset-warranty-expiry" label="Warranty expiry" error={errors.warrantyExpiry?.message}>
            <Input id="asset-warranty-expiry" type="date" aria-invalid={!!errors.warrantyExpiry} {...form.register('warrantyExpiry')} />
          </FormField>
        </div>
        <FormField id="asset-status" label="Status" error={errors.status?.message}>
          <NativeSelect id="asset-status" aria-invalid={!!errors.status} {...form.register('status')}>
            {ASSET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ASSET_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </Section>

      <div className="grid gap-2">
        <KeyValueEditor label="Custom fields" rows={customRows} onChange={changeCustomRows} />
        {errors.customFields && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {firstMessage(errors.customFields) ?? 'Check the custom fields'}
          </p>
        )}
      </div>
    </form>
  );
}
