import { useState } from 'react';
import { Lightbulb, Plus } from 'lucide-react';
import type { Obligation, Regime } from '@shared/contract/compliance';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateObligations } from '@/features/compliance/api/use-compliance-writes';
import { useRegimes } from '@/features/compliance/api/use-regimes';
import { subjectField, subjectTypeLabel, usuallyApplies, type ObligationSubject } from '@/features/compliance/obligation-subject';

/** The regimes that usually apply to the subject's type or level and that it does not have yet. */
export function useSuggestedRegimes(subject: ObligationSubject, obligations: Obligation[] | undefined): Regime[] {
  const regimes = useRegimes().data ?? [];
  if (!obligations) return [];
  const has = new Set(obligations.map((o) => o.regime.id));
  return regimes.filter((r) => !r.retired && !has.has(r.id) && usuallyApplies(r, subject));
}

/**
 * "Usual regimes for …" (ADR 025): what a new asset or location of this type or level is
 * normally inspected for, each added with one press, or all at once. A suggestion, never a rule:
 * any regime can still be added, and these can be left.
 */
export function SuggestedRegimes({ subject, suggested }: { subject: ObligationSubject; suggested: Regime[] }) {
  const create = useCreateObligations();
  const [adding, setAdding] = useState<string[]>([]);
  if (suggested.length === 0) return null;

  const add = async (regimes: Regime[]) => {
    setAdding(regimes.map((r) => r.id));
    try {
      const { added, failures } = await create.mutateAsync(regimes.map((regime) => ({ input: { regimeId: regime.id, ...subjectField(subject) }, name: regime.name })));
      if (added > 0) toast({ title: added === 1 ? 'Regime added' : `${added} regimes added`, description: 'Record each one’s last inspection to start its dates' });
      if (failures.length > 0) toast({ title: 'Some regimes were not added', description: failures.join('; '), variant: 'destructive' });
    } finally {
      setAdding([]);
    }
  };

  const busy = adding.length > 0;
  return (
    <section className="grid gap-3 rounded-lg border border-dashed p-4" aria-labelledby="suggested-regimes-heading" data-testid="suggested-regimes">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="suggested-regimes-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Lightbulb className="h-4 w-4 text-amber-600" aria-hidden />
          Usual regimes for {subjectTypeLabel(subject)}
        </h3>
        {suggested.length > 1 && (
          <Button type="button" size="sm" disabled={busy} onClick={() => void add(suggested)}>
            {busy && adding.length > 1 ? <Spinner className="h-4 w-4 text-primary-foreground" /> : <Plus aria-hidden />}
            Add all {suggested.length}
          </Button>
        )}
      </div>
      <ul className="grid gap-2" aria-label="Suggested regimes">
        {suggested.map((regime) => (
          <li key={regime.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="min-w-0 break-words">
              <span className="font-medium">{regime.name}</span>
              {regime.reference && <span className="text-muted-foreground"> · {regime.reference}</span>}
            </span>
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void add([regime])} aria-label={`Add ${regime.name}`}>
              {adding.includes(regime.id) ? <Spinner className="h-4 w-4" /> : <Plus aria-hidden />} Add
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
