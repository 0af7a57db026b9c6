import { useId, useState } from 'react';
import { ChevronDown, ClipboardCheck, History, Plus, ShieldCheck } from 'lucide-react';
import type { Obligation } from '@shared/contract/compliance';
import { INSPECTION_RESULT_LABELS } from '@shared/domain/compliance';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DisabledWithReason } from '@/components/ui/disabled-with-reason';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useObligations } from '@/features/compliance/api/use-obligations';
import type { ObligationSubject } from '@/features/compliance/obligation-subject';
import { AddObligationDialog } from './add-obligation-dialog';
import { ObligationStatusBadge } from '@/components/domain/obligation-status-badge';
import { WaitingToSync } from '@/components/domain/waiting-to-sync';
import { RecordInspectionDialog } from './record-inspection-dialog';
import { InspectionHistory } from './inspection-history';
import { SuggestedRegimes, useSuggestedRegimes } from './suggested-regimes';

/**
 * The inspection regimes on an asset or a location (ADR 025; their Compliance tabs): each with its
 * last inspection, next due date and status, "Record inspection" for the person standing there, and
 * its History of inspections with their evidence; for those who set duties up, the regimes usual for
 * its type or level that it lacks.
 * Adding a regime follows the user's permission (obligation.manage), disabled with the reason when
 * refused.
 */
export function ObligationsPanel({ subject }: { subject: ObligationSubject }) {
  const { data: obligations, isLoading, error } = useObligations(subject);
  const { can, reason } = useCan();
  const [adding, setAdding] = useState(false);
  const [inspecting, setInspecting] = useState<Obligation | null>(null);
  const suggested = useSuggestedRegimes(subject, obligations);

  const addLabel = (
    <>
      <Plus aria-hidden /> Add regime
    </>
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Inspection regimes</h2>
        {can('obligation.manage') ? (
          <Button type="button" variant="outline" onClick={() => setAdding(true)}>
            {addLabel}
          </Button>
        ) : (
          <DisabledWithReason reason={reason('obligation.manage')}>{addLabel}</DisabledWithReason>
        )}
      </div>
      {can('obligation.manage') && <SuggestedRegimes subject={subject} suggested={suggested} />}
      {isLoading ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading inspection regimes">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : error ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          Could not load the inspection regimes: {errorMessage(error)}
        </p>
      ) : !obligations?.length ? (
        <EmptyState icon={ShieldCheck} title="No inspection regimes">
          <p className="text-sm text-muted-foreground">
            Add the regimes this {subject.kind === 'asset' ? 'asset' : 'location'} must be inspected under to track their due dates.
          </p>
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Inspection regimes">
          {obligations.map((obligation) => (
            <li key={obligation.id}>
              <ObligationCard
                obligation={obligation}
                onRecord={() => setInspecting(obligation)}
                mayRecord={can('inspection.record')}
                mayAddEvidence={can('inspection.record') && can('media.upload')}
              />
            </li>
          ))}
        </ul>
      )}
      <AddObligationDialog subject={subject} has={obligations?.map((o) => o.regime.id) ?? []} open={adding} onOpenChange={setAdding} />
      <RecordInspectionDialog obligation={inspecting} open={inspecting !== null} onOpenChange={(open) => !open && setInspecting(null)} />
    </div>
  );
}

function ObligationCard({
  obligation,
  onRecord,
  mayRecord,
  mayAddEvidence,
}: {
  obligation: Obligation;
  onRecord: () => void;
  mayRecord: boolean;
  mayAddEvidence: boolean;
}) {
  const historyId = useId();
  const [showHistory, setShowHistory] = useState(false);
  const last = obligation.lastCompletedOn
    ? `${formatCalendarDate(obligation.lastCompletedOn)}${obligation.lastResult ? ` · ${INSPECTION_RESULT_LABELS[obligation.lastResult]}` : ''}`
    : 'Never inspected';
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-start" data-testid="asset-obligation" data-status={obligation.status}>
      <div className="grid min-w-0 gap-1">
        <p className="break-words font-semibold">{obligation.regime.name}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">Last done</dt>
          <dd>{last}</dd>
          {obligation.lastCertificateNumber && (
            <>
              <dt className="text-muted-foreground">Certificate</dt>
              <dd className="break-words">{obligation.lastCertificateNumber}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Next due</dt>
          <dd>{obligation.nextDueOn ? formatCalendarDate(obligation.nextDueOn) : 'Not known until inspected'}</dd>
          {obligation.responsibleName && (
            <>
              <dt className="text-muted-foreground">Responsible</dt>
              <dd>{obligation.responsibleName}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <ObligationStatusBadge status={obligation.status} />
        {mayRecord && obligation.state === 'active' && (
          <Button type="button" onClick={onRecord} aria-label={`Record inspection: ${obligation.regime.name}`}>
            <ClipboardCheck aria-hidden /> Record inspection
          </Button>
        )}
      </div>
      <div className="grid min-w-0 gap-3 sm:col-span-2">
        {/* Inspections recorded on this device and not yet sent (ADR 028): "Last done" moves on once they are. */}
        <WaitingToSync kind="inspection" refKey="obligationId" refId={obligation.id} label={`Inspections waiting to sync: ${obligation.regime.name}`} />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start"
          aria-expanded={showHistory}
          aria-controls={showHistory ? historyId : undefined}
          aria-label={`History: ${obligation.regime.name}`}
          onClick={() => setShowHistory((shown) => !shown)}
        >
          <History aria-hidden /> History
          <ChevronDown aria-hidden className={showHistory ? 'rotate-180 transition-transform' : 'transition-transform'} />
        </Button>
        {showHistory && <InspectionHistory id={historyId} obligationId={obligation.id} regimeId={obligation.regime.id} regimeName={obligation.regime.name} mayAddEvidence={mayAddEvidence} />}
      </div>
    </Card>
  );
}
