import { useState } from 'react';
import { FileText, ImageOff, Paperclip } from 'lucide-react';
import type { Inspection, InspectionEvidence } from '@shared/contract/compliance';
import { INSPECTION_RESULT_LABELS, readingLimitLabel, readingWithinLimits, type ReadingDefinition } from '@shared/domain/compliance';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/format';
import { safeMediaUrl } from '@/lib/safe-media-url';
import { useInspections } from '@/features/compliance/api/use-inspections';
import { useRegimes } from '@/features/compliance/api/use-regimes';
import { AddEvidenceDialog } from './add-evidence-dialog';

/** A recorded reading with its unit, marked when it was outside the regime's limit. */
function Reading({ definition, readingKey, value }: { definition: ReadingDefinition | undefined; readingKey: string; value: number }) {
  const outside = definition !== undefined && !readingWithinLimits(definition, value);
  return (
    <>
      <dt className="text-muted-foreground">{definition?.label ?? readingKey}</dt>
      <dd className={outside ? 'font-medium text-destructive' : undefined}>
        {value}
        {definition?.unit ? ` ${definition.unit}` : ''}
        {outside && ` (outside the limit, ${readingLimitLabel(definition)})`}
      </dd>
    </>
  );
}

/** Who did it: the named user, else the contractor; when neither is known, whoever entered it. */
function who(inspection: Inspection): { label: string; name: string } {
  const performer = inspection.performedByName ?? inspection.contractor;
  if (performer) return { label: 'By', name: performer };
  return { label: 'Recorded by', name: inspection.recordedByName ?? 'Unknown user' };
}

/**
 * An obligation's inspections, newest performed first (ADR 025): what was found, by whom, the
 * certificate, and the evidence. An entry a later one corrects is marked and no longer counts.
 * Read when shown (the card's History button).
 */
export function InspectionHistory({
  obligationId,
  regimeId,
  regimeName,
  id,
  mayAddEvidence,
}: {
  obligationId: string;
  regimeId: string;
  regimeName: string;
  id: string;
  mayAddEvidence: boolean;
}) {
  const { data: inspections, isLoading, error } = useInspections(obligationId);
  const readingDefinitions = useRegimes().data?.find((regime) => regime.id === regimeId)?.readings ?? [];
  const [adding, setAdding] = useState<Inspection | null>(null);

  let body;
  if (isLoading) {
    body = (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading the history">
        <Skeleton className="h-16" />
      </div>
    );
  } else if (error) {
    body = (
      <p role="alert" className="text-sm text-destructive">
        Could not load the history: {errorMessage(error)}
      </p>
    );
  } else if (!inspections?.length) {
    body = <p className="text-sm text-muted-foreground">No inspections recorded yet.</p>;
  } else {
    body = (
      <ol className="grid gap-3" aria-label="Inspection history">
        {inspections.map((inspection) => (
          <li key={inspection.id} className="grid min-w-0 gap-2 rounded-md border p-3" data-testid="inspection-entry">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{formatCalendarDate(inspection.performedOn)}</span>
              <span>{INSPECTION_RESULT_LABELS[inspection.result]}</span>
              {inspection.correctedById && (
                <Badge className="text-muted-foreground" title="A later entry corrects this one: it no longer counts">
                  Corrected
                </Badge>
              )}
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-muted-foreground">{who(inspection).label}</dt>
              <dd className="break-words">{who(inspection).name}</dd>
              {inspection.certificateNumber && (
                <>
                  <dt className="text-muted-foreground">Certificate</dt>
                  <dd className="break-words">{inspection.certificateNumber}</dd>
                </>
              )}
              {inspection.certificateExpiresOn && (
                <>
                  <dt className="text-muted-foreground">Expires</dt>
                  <dd>{formatCalendarDate(inspection.certificateExpiresOn)}</dd>
                </>
              )}
              {Object.entries(inspection.readings).map(([key, value]) => (
                <Reading key={key} definition={readingDefinitions.find((definition) => definition.key === key)} readingKey={key} value={value} />
              ))}
              {inspection.notes && (
                <>
                  <dt className="text-muted-foreground">Notes</dt>
                  <dd className="whitespace-pre-line break-words">{inspection.notes}</dd>
                </>
              )}
            </dl>
            {inspection.evidence.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Evidence">
                {inspection.evidence.map((file) => (
                  <li key={file.id} className="min-w-0 max-w-full">
                    <EvidenceLink file={file} />
                  </li>
                ))}
              </ul>
            )}
            {mayAddEvidence && (
              <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setAdding(inspection)} aria-label={`Add evidence to the inspection of ${formatCalendarDate(inspection.performedOn)}`}>
                <Paperclip aria-hidden /> Add evidence
              </Button>
            )}
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section id={id} aria-label={`History: ${regimeName}`} className="grid gap-2 border-t pt-3">
      {body}
      <AddEvidenceDialog inspection={adding} onClose={() => setAdding(null)} />
    </section>
  );
}

/**
 * A PDF downloads (the server sends it as an attachment, so it never opens in the app's origin); a
 * photo shows its preview and opens full size. URLs that are not ours are never used (SEC-OUT-1).
 */
function EvidenceLink({ file }: { file: InspectionEvidence }) {
  const href = safeMediaUrl(file.url);
  if (!href) {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        <ImageOff className="h-4 w-4" aria-hidden /> {file.filename} (unavailable)
      </span>
    );
  }
  if (file.type === 'document') {
    return (
      <a href={href} download={file.filename} className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-md border px-3 text-sm underline-offset-4 hover:underline">
        <FileText className="h-4 w-4 shrink-0" aria-hidden />
        <span className="min-w-0 break-all">{file.filename}</span>
        <span className="sr-only">(PDF, downloads)</span>
      </a>
    );
  }
  const preview = safeMediaUrl(file.thumbnailUrl ?? file.url);
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {preview ? <img src={preview} alt={`Photo: ${file.filename}`} loading="lazy" className="h-20 w-20 object-cover" /> : <span className="p-2 text-sm">{file.filename}</span>}
    </a>
  );
}
