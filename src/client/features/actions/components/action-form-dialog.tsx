import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createActionSchema, type Action, type CreateActionInput } from '@shared/contract/actions';
import {
  ACTION_CATEGORIES,
  ACTION_CATEGORY_LABELS,
  ACTION_DEFAULTS,
  ACTION_PRIORITIES,
  ACTION_PRIORITY_LABELS,
  ACTION_STATUS_LABELS,
  ACTION_STATUSES,
} from '@shared/domain/actions';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import { areaNames, useMyAreas } from '@/lib/areas';
import { useCreateAction } from '@/features/actions/api/use-create-action';
import { useUpdateAction } from '@/features/actions/api/use-update-action';
import { useRecordPhotos } from '@/components/photo-capture/use-record-photos';
import { ActionAssetFields } from './action-asset-fields';

/**
 * Create Action, or edit one when `action` is given. `presetAssetId` fixes the asset (the asset
 * detail page's Actions tab). New actions default to maintenance, medium, open (spec §9).
 */
export function ActionFormDialog({
  open,
  onOpenChange,
  presetAssetId,
  action,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  presetAssetId?: string;
  action?: Action;
}) {
  const formId = useId();
  const createAction = useCreateAction();
  const updateAction = useUpdateAction(action);
  const photos = useRecordPhotos();
  const pending = createAction.isPending || updateAction.isPending || photos.uploading;

  const submit = (values: CreateActionInput) => {
    if (action) {
      // completedDate is the server's to keep in step with the status: never sent from this form.
      const { completedDate: _completedDate, ...changes } = values;
      updateAction.mutate(changes, {
        onSuccess: (outcome) => {
          // Kept in the outbox (ADR 028): the action's card shows it as waiting to sync until it is sent.
          if (outcome.queued) toast({ title: 'Changes saved on this device', description: 'They will be sent when the connection returns' });
          else toast({ title: 'Action updated', description: 'The action has been updated' });
          onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Failed to update action', description: errorMessage(error), variant: 'destructive' }),
      });
    } else {
      createAction.mutate({ input: values, takePhotos: photos.take }, {
        onSuccess: async (outcome) => {
          if (outcome.queued) {
            // Its photos are kept with it and sent after it (ADR 028).
            const withPhotos = outcome.photos > 0 ? ` with ${countOf(outcome.photos, 'photo')}` : '';
            toast({ title: `Action${withPhotos} saved on this device`, description: 'It will be sent when the connection returns' });
            onOpenChange(false);
            return;
          }
          const created = outcome.data;
          toast({ title: 'Action created', description: 'The action has been added successfully' });
          // Photos chosen in the form go up now that the action exists; failures keep the dialog open.
          if (await photos.uploadFor({ actionId: created.id, ...(created.assetId ? { assetId: created.assetId } : {}) })) onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Failed to create action', description: errorMessage(error), variant: 'destructive' }),
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !photos.uploading && onOpenChange(next)}
      title={action ? `Edit ${action.actionId}` : 'Create Action'}
      description={action ? undefined : 'Remedial work for an asset or a location.'}
      footer={photos.footer(
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={photos.uploading}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            {action ? 'Save Changes' : 'Create Action'}
          </Button>
        </>,
        () => onOpenChange(false),
      )}
    >
      {/* Mounted only while open, so every opening starts from the action's (or the default) values. */}
      <ActionForm formId={formId} action={action} presetAssetId={presetAssetId} onSubmit={submit} />
      {!action && photos.field}
    </Dialog>
  );
}

/**
 * The form's schema. A user limited to areas (ADR 024) reaches only actions on assets in them, so
 * the asset is required: refused here with the reason rather than sent and refused with a 403.
 */
function schemaFor(areaLimit: string | null): typeof createActionSchema {
  if (!areaLimit) return createActionSchema;
  return createActionSchema.extend({
    assetId: createActionSchema.shape.assetId.refine((id) => !!id, `Choose an asset: your access is limited to ${areaLimit}.`),
  });
}

function defaultsFor(action: Action | undefined, presetAssetId: string | undefined): CreateActionInput {
  return {
    assetId: action?.assetId ?? presetAssetId ?? null,
    assessmentId: action?.assessmentId ?? null,
    title: action?.title ?? '',
    description: action?.description ?? '',
    category: action?.category ?? ACTION_DEFAULTS.category,
    priority: action?.priority ?? ACTION_DEFAULTS.priority,
    status: action?.status ?? ACTION_DEFAULTS.status,
    assignee: action?.assignee ?? '',
    targetDate: action?.targetDate ?? '',
  };
}

function ActionForm({
  formId,
  action,
  presetAssetId,
  onSubmit,
}: {
  formId: string;
  action?: Action;
  presetAssetId?: string;
  onSubmit: (values: CreateActionInput) => void;
}) {
  const { areas, limited } = useMyAreas();
  const areaLimit = limited ? areaNames(areas) : null;
  const schema = useMemo(() => schemaFor(areaLimit), [areaLimit]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: defaultsFor(action, presetAssetId) });
  const { errors } = form.formState;
  const assetId = useWatch({ control: form.control, name: 'assetId' });
  const assessmentId = useWatch({ control: form.control, name: 'assessmentId' });
  const field = (name: string) => `${formId}-${name}`;

  return (
    <form id={formId} className="grid grid-cols-1 gap-4" noValidate onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      <ActionAssetFields
        idPrefix={formId}
        assetId={assetId ?? null}
        assetLabel={action?.assetCode ?? null}
        presetAssetId={presetAssetId}
        assessmentId={assessmentId ?? null}
        onAssetChange={(id) => {
          form.setValue('assetId', id);
          // An assessment belongs to one asset: changing the asset drops it.
          form.setValue('assessmentId', null);
        }}
        onAssessmentChange={(id) => form.setValue('assessmentId', id)}
        assetRequired={limited}
        assetError={errors.assetId?.message}
        assessmentError={errors.assessmentId?.message}
      />
      <FormField id={field('title')} label="Title" error={errors.title?.message}>
        <Input id={field('title')} aria-invalid={!!errors.title} autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField id={field('description')} label="Description" error={errors.description?.message}>
        <Textarea id={field('description')} rows={3} aria-invalid={!!errors.description} {...form.register('description')} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <FormField id={field('category')} label="Category" error={errors.category?.message}>
          <NativeSelect id={field('category')} aria-invalid={!!errors.category} {...form.register('category')}>
            {ACTION_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {ACTION_CATEGORY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={field('priority')} label="Priority" error={errors.priority?.message}>
          <NativeSelect id={field('priority')} aria-invalid={!!errors.priority} {...form.register('priority')}>
            {ACTION_PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {ACTION_PRIORITY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={field('status')} label="Status" error={errors.status?.message}>
          <NativeSelect id={field('status')} aria-invalid={!!errors.status} {...form.register('status')}>
            {ACTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ACTION_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField id={field('assignee')} label="Assignee" error={errors.assignee?.message}>
          <Input id={field('assignee')} aria-invalid={!!errors.assignee} autoComplete="off" {...form.register('assignee')} />
        </FormField>
        <FormField id={field('target-date')} label="Target date" error={errors.targetDate?.message}>
          <Input id={field('target-date')} type="date" aria-invalid={!!errors.targetDate} {...form.register('targetDate')} />
        </FormField>
      </div>
    </form>
  );
}
