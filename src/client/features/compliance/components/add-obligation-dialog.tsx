import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createObligationSchema, type Regime } from '@shared/contract/compliance';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateObligation } from '@/features/compliance/api/use-compliance-writes';
import { useRegimes } from '@/features/compliance/api/use-regimes';
import { subjectField, subjectTypeLabel, usuallyApplies, type ObligationSubject } from '@/features/compliance/obligation-subject';

type ObligationValues = z.input<typeof createObligationSchema>;
type ObligationOutput = z.output<typeof createObligationSchema>;

/**
 * Add regime (ADR 025): puts an inspection regime on the asset or location. The regimes that usually
 * apply to its type or level come first ("Suggested for …"); any other can be chosen. Regimes it has
 * already are left out.
 */
export function AddObligationDialog({ subject, has, open, onOpenChange }: { subject: ObligationSubject; has: string[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const create = useCreateObligation();
  const regimes = (useRegimes().data ?? []).filter((r) => !r.retired && !has.includes(r.id));
  const suggested = regimes.filter((r) => usuallyApplies(r, subject));
  const others = regimes.filter((r) => !suggested.includes(r));
  const close = (next: boolean) => {
    if (!create.isPending) onOpenChange(next);
  };
  const submit = (values: ObligationOutput) =>
    create.mutate(values, {
      onSuccess: (obligation) => {
        toast({ title: 'Regime added', description: `${obligation.regime.name}: record its last inspection to start its dates` });
        close(false);
      },
      onError: (error) => toast({ title: 'Failed to add the regime', description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add regime"
      description={`${subject.name}: which inspections it needs`}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Add regime
          </Button>
        </>
      }
    >
      {open && <ObligationForm formId={formId} subject={subject} suggested={suggested} others={others} onSubmit={submit} />}
    </Dialog>
  );
}

function ObligationForm({
  formId,
  subject,
  suggested,
  others,
  onSubmit,
}: {
  formId: string;
  subject: ObligationSubject;
  suggested: Regime[];
  others: Regime[];
  onSubmit: (values: ObligationOutput) => void;
}) {
  const form = useForm<ObligationValues, unknown, ObligationOutput>({
    resolver: zodResolver(createObligationSchema),
    defaultValues: { regimeId: suggested[0]?.id ?? '', ...subjectField(subject), contractor: '' },
  });
  const { errors } = form.formState;
  const field = (name: string) => `${formId}-${name}`;
  const options = (regimes: Regime[]) =>
    regimes.map((regime) => (
      <option key={regime.id} value={regime.id}>
        {regime.name}
      </option>
    ));

  return (
    <form id={formId} className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id={field('regime')} label="Regime" error={errors.regimeId?.message}>
        <NativeSelect id={field('regime')} aria-invalid={!!errors.regimeId} {...form.register('regimeId')}>
          <option value="">Choose a regime</option>
          {suggested.length > 0 && <optgroup label={`Suggested for ${subjectTypeLabel(subject)}`}>{options(suggested)}</optgroup>}
          {others.length > 0 && <optgroup label="Other regimes">{options(others)}</optgroup>}
        </NativeSelect>
      </FormField>
      <FormField id={field('contractor')} label="Contractor" error={errors.contractor?.message}>
        <Input id={field('contractor')} autoComplete="organization" aria-invalid={!!errors.contractor} {...form.register('contractor')} />
      </FormField>
    </form>
  );
}
