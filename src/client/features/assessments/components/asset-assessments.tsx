import { useState } from 'react';
import { ClipboardList, Plus, User } from 'lucide-react';
import type { Assessment } from '@shared/contract/assessments';
import { DEFECT_SEVERITY_LABELS, type DefectSeverity } from '@shared/domain';
import { errorMessage } from '@/lib/api-client';
import { ConditionBadge } from '@/components/domain/badges';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { countOf, formatDateTime } from '@/lib/format';
import { useAssessments } from '@/features/assessments/api/use-assessments';
import { AssessmentFormDialog } from './assessment-form-dialog';
import { WaitingToSync } from '@/components/domain/waiting-to-sync';

const SEVERITY_STYLES: Record<DefectSeverity, string> = {
  critical: 'border-red-200 bg-red-50 text-red-800',
  high: 'border-orange-200 bg-orange-50 text-orange-800',
  medium: 'border-amber-200 bg-amber-50 text-amber-800',
  low: 'border-slate-200 bg-slate-50 text-slate-700',
};

/** The Assessments tab: the count, Add Assessment, and the history newest first. */
export function AssetAssessments({ assetId, assetCode }: { assetId: string; assetCode: string }) {
  const [adding, setAdding] = useState(false);
  const { data: assessments, isLoading, error } = useAssessments(assetId);
  const count = assessments?.length ?? 0;
  const { can } = useCan();

  return (
    <section aria-label="Assessments" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">
          {isLoading ? 'Assessments' : countOf(count, 'assessment')}
        </h2>
        {can('assessment.create') && (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add Assessment
          </Button>
        )}
      </div>

      <WaitingToSync kind="assessment" refKey="assetId" refId={assetId} label="Assessments waiting to sync" />

      {isLoading ? (
        <div className="grid gap-3" role="status" aria-label="Loading assessments">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load assessments: {errorMessage(error)}
        </p>
      ) : count === 0 ? (
        <EmptyState icon={ClipboardList} title="No assessments recorded" />
      ) : (
        <ol className="grid gap-3" aria-label="Assessment history">
          {assessments!.map((assessment) => (
            <li key={assessment.id}>
              <AssessmentCard assessment={assessment} />
            </li>
          ))}
        </ol>
      )}

      <AssessmentFormDialog open={adding} onOpenChange={setAdding} assetId={assetId} assetCode={assetCode} />
    </section>
  );
}

function AssessmentCard({ assessment }: { assessment: Assessment }) {
  return (
    <Card className="grid gap-3 p-4" data-testid="assessment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ConditionBadge condition={assessment.condition} />
          <span className="text-xs text-muted-foreground">{assessment.assessmentId}</span>
        </div>
        <time dateTime={assessment.assessedAt} className="text-sm text-muted-foreground">
          {formatDateTime(assessment.assessedAt)}
        </time>
      </div>
      <p className="flex items-center gap-1.5 text-sm">
        <User className="h-4 w-4 text-muted-foreground" aria-hidden />
        <span>Assessed by {assessment.assessedByName ?? 'a former user'}</span>
      </p>
      {assessment.conditionNotes && <p className="whitespace-pre-wrap break-words text-sm">{assessment.conditionNotes}</p>}
      {assessment.defects.length > 0 && (
        <div className="grid gap-2 border-t pt-3">
          <h3 className="text-sm font-medium">
            {countOf(assessment.defects.length, 'defect')}
          </h3>
          <ul className="grid gap-2" aria-label={`Defects of ${assessment.assessmentId}`}>
            {assessment.defects.map((defect) => (
              <li key={defect.id} className="flex flex-wrap items-start gap-2 text-sm" data-testid="defect">
                <Badge className={SEVERITY_STYLES[defect.severity]} data-severity={defect.severity}>
                  {DEFECT_SEVERITY_LABELS[defect.severity]}
                </Badge>
                {defect.code && <span className="font-mono text-xs leading-5 text-muted-foreground">{defect.code}</span>}
                <span className="min-w-0 flex-1 break-words">{defect.description}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
