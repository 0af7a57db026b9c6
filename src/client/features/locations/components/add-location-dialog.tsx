import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createLocationSchema, type CreateLocationInput, type Location, type LocationSummary } from '@shared/contract/locations';
import { DEFAULT_LOCATION_TYPE, LOCATION_TYPE_LABELS, LOCATION_TYPES, canNest, locationTypeRank, type LocationType } from '@shared/domain/locations';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { LocationPicker } from '@/components/domain/location-picker';
import { KeyValueEditor } from '@/components/domain/key-value-editor';
import { rowsToRecord, type KeyValueRow } from '@/components/domain/key-value-rows';
import { errorMessage } from '@/lib/api-client';
import { areaNames, useMyAreas } from '@/lib/areas';
import { useCreateLocation } from '@/features/locations/api/use-create-location';
import { suggestedRegimes } from '@shared/domain/compliance';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { useLocationSummary } from '@/features/locations/api/use-location-summary';

const EMPTY: CreateLocationInput = {
  name: '',
  type: DEFAULT_LOCATION_TYPE,
  parentId: null,
  code: '',
  description: '',
  gpsLat: '',
  gpsLon: '',
  metadata: {},
};

/** The types a location of `type` may sit under: every level above it (none for an organisation). */
function parentTypesFor(type: LocationType): LocationType[] {
  return LOCATION_TYPES.slice(0, Math.max(0, locationTypeRank(type)));
}

/** Types that only ever sit at the top (an organisation): a user limited to areas may not add them. */
const canHaveParent = (type: LocationType) => parentTypesFor(type).length > 0;
const FIRST_TYPE_WITH_PARENT = LOCATION_TYPES.find(canHaveParent)!;

/**
 * The type a limited user most likely adds: one level below the highest level in their areas (a
 * building, for someone limited to sites). Their areas carry no type, but the Locations page's
 * summary, already loaded behind this dialog, counts only what lies in them.
 */
function typeInsideAreas(summary: LocationSummary | undefined): LocationType {
  const ranks = (summary ?? []).filter((group) => group.total > 0).map((group) => locationTypeRank(group.type));
  if (ranks.length === 0) return FIRST_TYPE_WITH_PARENT;
  return LOCATION_TYPES[Math.min(Math.min(...ranks) + 1, LOCATION_TYPES.length - 1)]!;
}

/**
 * The form's schema. A user limited to areas (ADR 024) may add locations only inside them, so the
 * parent is required: refused here with the reason rather than sent and refused with a 403.
 */
function schemaFor(areaLimit: string | null): typeof createLocationSchema {
  if (!areaLimit) return createLocationSchema;
  return createLocationSchema.extend({
    parentId: createLocationSchema.shape.parentId.refine((id) => !!id, `Choose a parent: your access is limited to ${areaLimit}.`),
  });
}

/**
 * Add Location (spec §2): name, type (default organisation), parent, code, description, GPS, metadata.
 * Opened from a location's page, the form starts under that location, one level below it.
 */
export function AddLocationDialog({ open, onOpenChange, under }: { open: boolean; onOpenChange: (open: boolean) => void; under?: Location }) {
  const formId = useId();
  const createLocation = useCreateLocation();
  const { can } = useCan();
  // Creating a site or building suggests the inspections its level usually needs (issue 23): the
  // toast links to its Compliance tab, where they are offered, for those who may set duties up.
  const setUpInspections = (created: Location) =>
    can('obligation.manage') && suggestedRegimes({ locationType: created.type }).length > 0
      ? { label: `Set up its inspections (usual for a ${LOCATION_TYPE_LABELS[created.type].toLowerCase()})`, href: `${paths.location(created.id)}?tab=compliance` }
      : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Location"
      description="A site, building, floor or area in your estate's hierarchy."
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={createLocation.isPending}>
            {createLocation.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Create Location
          </Button>
        </>
      }
    >
      {/* Mounted only while open, so every opening starts from an empty form. */}
      <AddLocationForm
        formId={formId}
        under={under}
        onSubmit={(values) =>
          createLocation.mutate(values, {
            onSuccess: (created) => {
              toast({ title: 'Location created', description: 'The location has been added successfully', action: setUpInspections(created) });
              onOpenChange(false);
            },
            onError: (error) => toast({ title: 'Failed to create location', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      />
    </Dialog>
  );
}

/** The level just below `type` (an area stays an area: the lowest level holds nothing below it). */
const levelBelow = (type: LocationType): LocationType => LOCATION_TYPES[Math.min(locationTypeRank(type) + 1, LOCATION_TYPES.length - 1)]!;

function AddLocationForm({ formId, under, onSubmit }: { formId: string; under?: Location; onSubmit: (values: CreateLocationInput) => void }) {
  const { areas, limited } = useMyAreas();
  const areaLimit = limited ? areaNames(areas) : null;
  const schema = useMemo(() => schemaFor(areaLimit), [areaLimit]);
  const { data: summary } = useLocationSummary();
  const defaults = under ? { ...EMPTY, type: levelBelow(under.type), parentId: under.id } : limited ? { ...EMPTY, type: typeInsideAreas(summary) } : EMPTY;
  const form = useForm({ resolver: zodResolver(schema), defaultValues: defaults });
  const { errors } = form.formState;
  const [parent, setParent] = useState<Location | null>(under ?? null);
  const [metadataRows, setMetadataRows] = useState<KeyValueRow[]>([]);
  const type = useWatch({ control: form.control, name: 'type' }) as LocationType;
  const parentTypes = parentTypesFor(type);

  const chooseParent = (location: Location | null) => {
    setParent(location);
    form.setValue('parentId', location?.id ?? null, { shouldValidate: true });
  };
  const changeType = (next: LocationType) => {
    // A parent that can no longer hold this type is dropped rather than sent and refused.
    if (parent && !canNest(parent.type, next)) chooseParent(null);
  };
  const changeMetadata = (rows: KeyValueRow[]) => {
    setMetadataRows(rows);
    form.setValue('metadata', rowsToRecord(rows), { shouldValidate: form.formState.isSubmitted });
  };
  const metadataError = firstMessage(errors.metadata);

  return (
    <form id={formId} className="grid grid-cols-1 gap-4" noValidate onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      <FormField id={`${formId}-name`} label="Name" error={errors.name?.message}>
        <Input id={`${formId}-name`} aria-invalid={!!errors.name} autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField id={`${formId}-type`} label="Type" error={errors.type?.message}>
        <NativeSelect
          id={`${formId}-type`}
          aria-invalid={!!errors.type}
          aria-describedby={areaLimit ? `${formId}-type-limit` : undefined}
          {...form.register('type', { onChange: (e: { target: { value: string } }) => changeType(e.target.value as LocationType) })}
        >
          {LOCATION_TYPES.map((value) => (
            <option key={value} value={value} disabled={!!areaLimit && !canHaveParent(value)}>
              {LOCATION_TYPE_LABELS[value]}
              {areaLimit && !canHaveParent(value) ? ' (needs the whole estate)' : ''}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {areaLimit && (
        <p id={`${formId}-type-limit`} className="-mt-2 text-sm text-muted-foreground" data-testid="area-limit-hint">
          Your access is limited to {areaLimit}: a new location goes inside your areas, under a parent you choose.
        </p>
      )}
      {parentTypes.length > 0 && (
        <FormField id={`${formId}-parent`} label="Parent" error={errors.parentId?.message}>
          <LocationPicker
            id={`${formId}-parent`}
            value={parent?.id ?? null}
            selectedPath={parent?.path}
            onChange={chooseParent}
            allowedTypes={parentTypes}
            placeholder={areaLimit ? 'Choose a location in your areas' : 'No parent (top level)'}
            invalid={!!errors.parentId}
            clearable={!areaLimit}
          />
        </FormField>
      )}
      <FormField id={`${formId}-code`} label="Code" error={errors.code?.message}>
        <Input id={`${formId}-code`} aria-invalid={!!errors.code} autoComplete="off" {...form.register('code')} />
      </FormField>
      <FormField id={`${formId}-description`} label="Description" error={errors.description?.message}>
        <Textarea id={`${formId}-description`} aria-invalid={!!errors.description} rows={3} {...form.register('description')} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id={`${formId}-lat`} label="GPS latitude" error={errors.gpsLat?.message}>
          <Input id={`${formId}-lat`} inputMode="decimal" placeholder="e.g. 53.7997" aria-invalid={!!errors.gpsLat} {...form.register('gpsLat')} />
        </FormField>
        <FormField id={`${formId}-lon`} label="GPS longitude" error={errors.gpsLon?.message}>
          <Input id={`${formId}-lon`} inputMode="decimal" placeholder="e.g. -1.5491" aria-invalid={!!errors.gpsLon} {...form.register('gpsLon')} />
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-2">
        <KeyValueEditor label="Metadata" rows={metadataRows} onChange={changeMetadata} />
        {metadataError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {metadataError}
          </p>
        )}
      </div>
    </form>
  );
}

/** The message of a field error, or of the first entry's error for a record field (metadata). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(error)) {
    const message = key !== 'ref' && value && typeof value === 'object' ? (value as { message?: unknown }).message : undefined;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}
