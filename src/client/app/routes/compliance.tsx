import { Link } from 'wouter';
import { BookOpen, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { OBLIGATION_STATUS_LABELS } from '@shared/domain/compliance';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { WHOLE_ESTATE_LABEL, areaNames, useMyAreas } from '@/lib/areas';
import { useAuth } from '@/lib/auth';
import { useComplianceSummary } from '@/features/compliance/api/use-compliance-summary';
import { useComplianceWorklist } from '@/features/compliance/api/use-compliance-worklist';
import { useRegimes } from '@/features/compliance/api/use-regimes';
import { ComplianceFilters } from '@/features/compliance/components/compliance-filters';
import { ComplianceMatrix } from '@/features/compliance/components/compliance-matrix';
import { LocationBreadcrumb } from '@/features/compliance/components/location-breadcrumb';
import { ObligationWorkList, ObligationWorkListSkeleton } from '@/features/compliance/components/obligation-work-list';
import { StatusCards, StatusCardsSkeleton } from '@/features/compliance/components/status-cards';
import { totalOf } from '@/features/compliance/status-text';
import { useComplianceFilters } from '@/features/compliance/use-compliance-filters';

const ERROR = 'rounded-md border border-destructive/50 p-4 text-sm text-destructive';

/**
 * Compliance (ADR 025): the statutory inspection duties of a scope (the estate, the user's areas, or
 * a location drilled into): counts per status, a locations × regimes matrix, and the work list.
 */
export default function CompliancePage() {
  const { user } = useAuth();
  const { areas, limited } = useMyAreas();
  const { values, openLocation, setStatus, setCategory, setRegime, setMine } = useComplianceFilters();
  const { locationId, status, category, regimeId, mine } = values;

  const regimes = useRegimes();
  const summary = useComplianceSummary({ locationId, category, regimeId });
  // The responsible person narrows the work list only: the matrix's counts are kept per location and regime.
  const list = useComplianceWorklist({ locationId, category, regimeId, status, responsibleUserId: mine ? user?.id : undefined });

  const location = summary.data ? summary.data.location : locationId ? { id: locationId, name: '…' } : null;
  const listFilters = [status && OBLIGATION_STATUS_LABELS[status], mine && 'only yours'].filter(Boolean).join(', ');

  return (
    <>
      <PageHeader
        title="Compliance"
        subtitle={limited ? `Statutory inspections in ${areaNames(areas)}` : 'Statutory inspections across your estate'}
        actions={
          <Button asChild variant="outline">
            <Link href={paths.complianceRegimes}>
              <BookOpen aria-hidden /> Regimes
            </Link>
          </Button>
        }
      />
      <div className="grid min-w-0 gap-6">
        <ComplianceFilters
          category={category}
          regimeId={regimeId}
          mine={mine}
          regimes={regimes.data ?? []}
          onCategoryChange={(next) => {
            const regime = regimes.data?.find((r) => r.id === regimeId);
            setCategory(next, next !== undefined && regime !== undefined && regime.category !== next);
          }}
          onRegimeChange={setRegime}
          onMineChange={setMine}
        />
        <LocationBreadcrumb location={location} rootLabel={limited ? 'Your areas' : WHOLE_ESTATE_LABEL} onOpen={openLocation} />

        {summary.isLoading ? (
          <div className="grid gap-6" aria-busy="true" aria-label="Loading compliance">
            <StatusCardsSkeleton />
            <Skeleton className="h-48" />
          </div>
        ) : summary.isError || !summary.data ? (
          <p role="alert" className={ERROR}>
            Could not load compliance: {errorMessage(summary.error)}
          </p>
        ) : (
          <>
            <StatusCards counts={summary.data.counts} selected={status} onSelect={setStatus} />
            <section className="grid min-w-0 gap-3" aria-labelledby="compliance-matrix-heading">
              <h2 id="compliance-matrix-heading" className="text-lg font-semibold">
                By location
              </h2>
              {totalOf(summary.data.counts) === 0 ? (
                <EmptyState icon={ShieldCheck} title="No obligations here">
                  <p className="text-sm text-muted-foreground">No inspection duties have been set up in this scope yet.</p>
                </EmptyState>
              ) : (
                <ComplianceMatrix summary={summary.data} onOpen={openLocation} />
              )}
            </section>
          </>
        )}

        <section className="grid min-w-0 gap-3" aria-labelledby="compliance-worklist-heading">
          <h2 id="compliance-worklist-heading" className="text-lg font-semibold">
            Work list{listFilters && <span className="font-normal text-muted-foreground">: {listFilters}</span>}
          </h2>
          {list.isLoading ? (
            <ObligationWorkListSkeleton />
          ) : list.isError ? (
            <p role="alert" className={ERROR}>
              Could not load obligations: {errorMessage(list.error)}
            </p>
          ) : list.items.length === 0 ? (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No obligations match these filters.</p>
          ) : (
            <ObligationWorkList list={list} />
          )}
        </section>
      </div>
    </>
  );
}
