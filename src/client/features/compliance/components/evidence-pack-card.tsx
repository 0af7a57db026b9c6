import { Download } from 'lucide-react';
import { evidencePackPath } from '@shared/contract/evidence-pack';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { countOf, formatFileSize, formatNumber } from '@/lib/format';
import { useEvidencePackSummary } from '@/features/compliance/api/use-evidence-pack-summary';

/**
 * The location's evidence pack (ADR 025): one download for an auditor or insurer with the current
 * certificate and photos of every duty here and below, and an index of every duty, those without
 * evidence too. A plain link: the answer is an attachment the browser saves as it streams, so a
 * large pack never sits in the page's memory. What it holds is said first, and a pack the server
 * would refuse as too large offers no link, only the reason.
 */
export function EvidencePackCard({ locationId, locationName }: { locationId: string; locationName: string }) {
  const summary = useEvidencePackSummary(locationId, true);
  const data = summary.data;

  return (
    <Card data-testid="evidence-pack">
      <CardHeader className="gap-1">
        <CardTitle className="text-lg">Evidence pack</CardTitle>
        <CardDescription>
          A zip of the current certificates and photos of every inspection duty at {locationName} and below, with an index of every duty.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {summary.isLoading ? (
          <Skeleton className="h-11 w-56" />
        ) : data && data.obligations === 0 ? (
          <p className="text-sm text-muted-foreground">No inspection duties here yet.</p>
        ) : (
          <>
            {data && (
              <p className="text-sm" data-testid="evidence-pack-contents">
                {data.files > 0 ? `${countOf(data.files, 'file')} (${formatFileSize(data.bytes)})` : 'No files yet'} for {countOf(data.obligations, 'duty', 'duties')}
                {data.withoutEvidence > 0 && <> · {formatNumber(data.withoutEvidence)} without evidence, listed in the index</>}
              </p>
            )}
            {data?.refusal ? (
              <p role="alert" className="text-sm text-destructive">
                {data.refusal}
              </p>
            ) : (
              <Button asChild className="min-h-11 w-full sm:w-fit">
                <a href={evidencePackPath(locationId)} download>
                  <Download aria-hidden />
                  Download evidence pack
                </a>
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
