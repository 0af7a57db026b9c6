import { COMPLIANCE_ROWS_MAX, type ComplianceSummary } from '@shared/contract/compliance';
import { cn } from '@/lib/cn';
import { countOf, formatNumber } from '@/lib/format';
import { countsSentence, totalOf } from '@/features/compliance/status-text';
import { OBLIGATION_STATUS_STYLES, ObligationStatusBadge } from '@/components/domain/obligation-status-badge';

type Row = ComplianceSummary['rows'][number];

/**
 * Locations × regimes: each cell coloured by its worst status, with its obligations' count and a
 * sentence for screen readers. A row's name drills into that location; the chosen location's own
 * obligations (a site's fire risk assessment) are a row of their own. Rows without obligations are
 * left out: the matrix is for finding what needs attention.
 */
export function ComplianceMatrix({ summary, onOpen }: { summary: ComplianceSummary; onOpen: (locationId: string) => void }) {
  const rows = summary.rows.filter((row) => row.worst !== null);
  const hidden = summary.rows.length - rows.length;
  return (
    <div className="grid min-w-0 gap-2">
      {/* The table scrolls inside its frame on a phone; the page itself never scrolls sideways. The frame is
          positioned so the cells' screen-reader text (absolutely placed) scrolls with it instead of widening
          the page, and takes focus so a keyboard can scroll it when no row has a button. */}
      <div className="relative overflow-x-auto rounded-lg border" role="region" aria-label="Compliance matrix" tabIndex={0} data-testid="compliance-matrix">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Obligations by location and regime</caption>
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="sticky left-0 z-10 min-w-40 bg-muted px-3 py-2 text-left font-medium">
                Location
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Worst
              </th>
              {summary.regimes.map((regime) => (
                <th key={regime.id} scope="col" className="min-w-28 px-3 py-2 text-left align-bottom text-xs font-medium">
                  {regime.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.location.id}${row.own ? ' own' : ''}`} className="border-t" data-testid="matrix-row">
                <th scope="row" className="sticky left-0 z-10 bg-card px-3 py-2 text-left font-normal">
                  <RowName row={row} onOpen={onOpen} />
                </th>
                <td className="px-3 py-2">{row.worst && <ObligationStatusBadge status={row.worst} />}</td>
                {summary.regimes.map((regime) => (
                  <MatrixCell key={regime.id} regimeName={regime.name} cell={row.cells.find((c) => c.regimeId === regime.id)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(hidden > 0 || summary.rowsTruncated) && (
        <p className="text-xs text-muted-foreground">
          {summary.rowsTruncated && `Only the first ${formatNumber(COMPLIANCE_ROWS_MAX)} locations are counted here. `}
          {hidden > 0 && `${countOf(hidden, 'location')} without obligations ${hidden === 1 ? 'is' : 'are'} not shown.`}
        </p>
      )}
    </div>
  );
}

function RowName({ row, onOpen }: { row: Row; onOpen: (locationId: string) => void }) {
  if (row.own) return <span className="font-medium">{row.location.name} (its own)</span>;
  return (
    <button
      type="button"
      className="rounded text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      onClick={() => onOpen(row.location.id)}
    >
      {row.location.name}
    </button>
  );
}

function MatrixCell({ regimeName, cell }: { regimeName: string; cell: Row['cells'][number] | undefined }) {
  if (!cell) {
    return (
      <td className="px-3 py-2 text-muted-foreground">
        <span aria-hidden>—</span>
        <span className="sr-only">{regimeName}: none</span>
      </td>
    );
  }
  const { icon: Icon, cell: colours } = OBLIGATION_STATUS_STYLES[cell.worst];
  const sentence = `${regimeName}: ${countsSentence(cell.counts)}`;
  return (
    <td className={cn('px-3 py-2', colours)} title={sentence} data-testid="matrix-cell" data-status={cell.worst}>
      <span className="flex items-center gap-1.5 font-medium tabular-nums" aria-hidden>
        <Icon className="h-4 w-4 shrink-0" />
        {formatNumber(totalOf(cell.counts))}
      </span>
      <span className="sr-only">{sentence}</span>
    </td>
  );
}
