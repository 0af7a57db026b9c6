import { useState } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, Pencil, Plus } from 'lucide-react';
import type { Regime } from '@shared/contract/compliance';
import { ASSET_TYPE_LABELS } from '@shared/domain/assets';
import { ANCHOR_RULE_LABELS, REGIME_CATEGORIES, REGIME_CATEGORY_LABELS, intervalLabel } from '@shared/domain/compliance';
import { LOCATION_TYPE_LABELS } from '@shared/domain/locations';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useRegimes } from '@/features/compliance/api/use-regimes';
import { useUpdateRegime } from '@/features/compliance/api/use-regime-writes';
import { RegimeFormDialog } from '@/features/compliance/components/regime-form-dialog';

/**
 * /compliance/regimes (ADR 025): the organisation's inspection regimes by category, each with its
 * interval, due-soon window, how the next date is set, whether a certificate is needed, the law or
 * standard behind it and where it usually applies. Everyone can read it; org admins
 * (`regime.manage`) add regimes, change them, and retire or restore them.
 */
export default function ComplianceRegimesPage() {
  const { data: regimes, isLoading, isError, error } = useRegimes();
  const mayManage = useCan().can('regime.manage');
  const [editing, setEditing] = useState<Regime | 'new' | null>(null);

  return (
    <>
      <Link href={paths.compliance} className="mb-3 inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Compliance
      </Link>
      <PageHeader
        title="Inspection regimes"
        subtitle="What must be inspected, how often, and under which law or standard"
        actions={
          mayManage ? (
            <Button type="button" onClick={() => setEditing('new')}>
              <Plus aria-hidden /> Add regime
            </Button>
          ) : null
        }
      />
      {isLoading ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading regimes">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : isError || !regimes ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          Could not load the regimes: {errorMessage(error)}
        </p>
      ) : (
        <div className="grid gap-8">
          {REGIME_CATEGORIES.map((category) => {
            const inCategory = regimes.filter((r) => r.category === category);
            if (inCategory.length === 0) return null;
            const headingId = `regimes-${category}`;
            return (
              <section key={category} className="grid gap-3" aria-labelledby={headingId}>
                <h2 id={headingId} className="text-lg font-semibold">
                  {REGIME_CATEGORY_LABELS[category]}
                </h2>
                <ul className="grid gap-3" aria-label={`${REGIME_CATEGORY_LABELS[category]} regimes`}>
                  {inCategory.map((regime) => (
                    <li key={regime.id}>
                      <RegimeCard regime={regime} mayManage={mayManage} onEdit={() => setEditing(regime)} />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      <RegimeFormDialog regime={editing === 'new' ? null : editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}

function RegimeCard({ regime, mayManage, onEdit }: { regime: Regime; mayManage: boolean; onEdit: () => void }) {
  const update = useUpdateRegime();
  const appliesTo = [...regime.appliesTo.assetTypes.map((t) => ASSET_TYPE_LABELS[t]), ...regime.appliesTo.locationTypes.map((t) => LOCATION_TYPE_LABELS[t])];
  const toggleRetired = () =>
    update.mutate(
      { id: regime.id, changes: { retired: !regime.retired } },
      {
        onSuccess: (saved) => toast({ title: saved.retired ? 'Regime retired' : 'Regime restored', description: saved.retired ? `${saved.name}: no new obligations; existing ones keep running` : saved.name }),
        onError: (error) => toast({ title: 'Failed to change the regime', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-[1fr_auto]" data-testid="regime-card" data-regime-key={regime.key}>
      <div className="grid min-w-0 gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-semibold">{regime.name}</span>
          {regime.retired && <Badge className="border-slate-300 bg-slate-100 text-slate-800">Retired</Badge>}
          {regime.certificateRequired && <Badge className="border-sky-200 bg-sky-50 text-sky-900">Certificate</Badge>}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">Every</dt>
          <dd>{intervalLabel(regime.interval)}</dd>
          <dt className="text-muted-foreground">Due soon</dt>
          <dd>{countOf(regime.dueSoonDays, 'day')} before</dd>
          <dt className="text-muted-foreground">Next date</dt>
          <dd>{ANCHOR_RULE_LABELS[regime.anchor]}</dd>
          {regime.reference && (
            <>
              <dt className="text-muted-foreground">Reference</dt>
              <dd className="break-words">{regime.reference}</dd>
            </>
          )}
          {appliesTo.length > 0 && (
            <>
              <dt className="text-muted-foreground">Usually for</dt>
              <dd className="break-words">{appliesTo.join(', ')}</dd>
            </>
          )}
        </dl>
        {regime.notes && <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{regime.notes}</p>}
      </div>
      {mayManage && (
        <div className="flex flex-wrap items-start gap-2 sm:flex-col sm:items-end">
          <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${regime.name}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={update.isPending} onClick={toggleRetired} aria-label={`${regime.retired ? 'Restore' : 'Retire'} ${regime.name}`}>
            {regime.retired ? 'Restore' : 'Retire'}
          </Button>
        </div>
      )}
    </Card>
  );
}
