import { useState } from 'react';
import { Download, Upload } from 'lucide-react';
import type { ImportJob, ValueSynonymsInput } from '@shared/contract/imports';
import { enumKindOf, IMPORT_MAX_ROWS, isImportField, type EnumKind } from '@shared/domain/imports';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { errorWorkbookUrl, useCommitImport, useDryRun, useImportJob, useUploadImport } from '@/features/import/api/use-import';
import { MappingTable } from '@/features/import/components/mapping-table';
import { NewLocationsTree } from '@/features/import/components/new-locations-tree';
import { SavedMappings } from '@/features/import/components/saved-mappings';
import { ValueSynonyms } from '@/features/import/components/value-synonyms';
import { useRegimes } from '@/features/compliance/api/use-regimes';

/** The kinds of value (type, condition…) the mapped columns hold, each once. */
function mappedKinds(mapping: (string | null)[]): EnumKind[] {
  const kinds = new Set<EnumKind>();
  for (const target of mapping) {
    const kind = target && isImportField(target) ? enumKindOf(target) : undefined;
    if (kind) kinds.add(kind);
  }
  return [...kinds];
}

/**
 * Import (issue 26, ADR 029), for org admins and asset managers: upload a spreadsheet, choose the
 * sheet, check the suggested mapping, run a dry run that changes nothing, approve the new locations
 * and commit, or download the error workbook to fix the rows in error and upload it again.
 */
export default function ImportPage() {
  const upload = useUploadImport();
  const [jobId, setJobId] = useState<string>();
  const { data: job } = useImportJob(jobId);

  return (
    <div className="space-y-6">
      <PageHeader title="Import" subtitle="Bring a register in from Excel or CSV: check it with a dry run first, then import it all at once" />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">1. Upload</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <Label htmlFor="import-file">Spreadsheet (.xlsx or .csv, up to 25 MB and {IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows)</Label>
          <Input
            id="import-file"
            type="file"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file, { onSuccess: (created) => setJobId(created.id) });
              e.target.value = '';
            }}
          />
          {upload.isPending && <p className="flex items-center gap-2 text-sm"><Spinner /> Reading the file…</p>}
          {upload.isError && <p role="alert" className="text-sm text-destructive">{errorMessage(upload.error)}</p>}
          {job && <p className="text-sm text-muted-foreground">{job.fileName}</p>}
        </CardContent>
      </Card>
      {job && <ImportSteps key={job.id} job={job} />}
    </div>
  );
}

function ImportSteps({ job }: { job: ImportJob }) {
  const [sheetName, setSheetName] = useState(job.sheet ?? job.sheets[0]?.name ?? '');
  const sheet = job.sheets.find((s) => s.name === sheetName) ?? job.sheets[0]!;
  const [mapping, setMapping] = useState<(string | null)[]>(job.mapping ?? sheet.suggestedMapping);
  const [synonyms, setSynonyms] = useState<ValueSynonymsInput>((job.valueSynonyms ?? {}) as ValueSynonymsInput);
  const dryRun = useDryRun(job.id);
  const commit = useCommitImport(job.id);
  const [approved, setApproved] = useState(false);
  const running = job.status === 'dry_running' || job.status === 'committing';
  const { data: regimes } = useRegimes();
  const regimesInUse = (regimes ?? []).filter((r) => !r.retired);
  const writes = job.counts ? job.counts.create + job.counts.update + job.counts.inspections + job.counts.readings : 0;
  const progress = job.progress.rowsTotal > 0 ? Math.round((job.progress.rowsDone / job.progress.rowsTotal) * 100) : 0;

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">2. Map the columns</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {job.sheets.length > 1 && (
            <div className="space-y-1">
              <Label htmlFor="import-sheet">Sheet</Label>
              <NativeSelect
                id="import-sheet"
                value={sheet.name}
                onChange={(e) => {
                  setSheetName(e.target.value);
                  setMapping(job.sheets.find((s) => s.name === e.target.value)?.suggestedMapping ?? []);
                }}
              >
                {job.sheets.map((s) => (
                  <option key={s.name} value={s.name}>
                    {s.name} ({s.rows.toLocaleString('en-GB')} rows)
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <p className="text-sm text-muted-foreground">
            {sheet.rows.toLocaleString('en-GB')} rows. A blank cell leaves a value as it is; #CLEAR empties it. Rows match assets by Asset ID, your asset number,
            or a barcode or serial only one asset has.
          </p>
          <SavedMappings
            headers={sheet.headers}
            mapping={mapping}
            synonyms={synonyms}
            onApply={(next, nextSynonyms) => {
              setMapping(next);
              setSynonyms(nextSynonyms);
            }}
          />
          <MappingTable headers={sheet.headers} sample={sheet.sample} mapping={mapping} regimes={regimesInUse} onChange={setMapping} />
          <ValueSynonyms kinds={mappedKinds(mapping)} value={synonyms} onChange={setSynonyms} />
          <Button disabled={running || dryRun.isPending || job.status === 'committed'} onClick={() => dryRun.mutate({ sheet: sheet.name, mapping, valueSynonyms: synonyms })}>
            Run dry run
          </Button>
          {dryRun.isError && <p role="alert" className="text-sm text-destructive">{errorMessage(dryRun.error)}</p>}
        </CardContent>
      </Card>

      {(job.status !== 'uploaded' || running) && (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">3. Check and import</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {running && (
              <div className="space-y-1" role="status">
                <p className="text-sm">{job.status === 'dry_running' ? 'Checking' : 'Importing'}: {job.progress.rowsDone.toLocaleString('en-GB')} of {job.progress.rowsTotal.toLocaleString('en-GB')} rows</p>
                <div className="h-2 overflow-hidden rounded bg-muted" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label="Progress">
                  <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
                </div>
              </div>
            )}
            {job.message && <p role="alert" className="text-sm text-destructive">{job.message}</p>}
            {job.counts && (
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label="Dry run counts">
                {(['create', 'update', 'unchanged', 'error', 'inspections', 'readings'] as const)
                  .filter((kind) => (kind !== 'inspections' && kind !== 'readings') || job.counts![kind] > 0)
                  .map((kind) => (
                  <div key={kind} className="rounded border p-2">
                    <dt className="text-muted-foreground">
                      {{ create: 'To create', update: 'To update', unchanged: 'Unchanged', error: 'In error', inspections: 'Inspections to record', readings: 'Meter readings to record' }[kind]}
                    </dt>
                    <dd className="text-xl font-semibold" data-testid={`count-${kind}`}>{job.counts![kind].toLocaleString('en-GB')}</dd>
                  </div>
                ))}
              </dl>
            )}
            {job.status === 'committed' && <p className="font-medium">Imported. Each change is in the assets’ history as imported.</p>}
            {job.errors.length > 0 && (
              <div className="space-y-2">
                <h3 className="font-medium">Rows in error</h3>
                <ul className="space-y-1 text-sm">
                  {job.errors.slice(0, 20).map((e, i) => (
                    <li key={i}>
                      Row {e.row}
                      {e.column ? `, ${e.column}` : ''}: {e.message}
                    </li>
                  ))}
                </ul>
                <Button asChild variant="outline">
                  <a href={errorWorkbookUrl(job.id)} download>
                    <Download className="mr-2 h-4 w-4" /> Download the error workbook
                  </a>
                </Button>
              </div>
            )}
            {job.diffs.length > 0 && (
              <div className="space-y-2">
                <h3 className="font-medium">Changes</h3>
                <ul className="space-y-1 text-sm">
                  {job.diffs.slice(0, 20).map((d) => (
                    <li key={d.row}>
                      {d.assetId}: {d.changes.map((c) => `${c.field} ${String(c.before ?? '—')} → ${String(c.after ?? '—')}`).join('; ')}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {job.newLocationCount > 0 && job.status !== 'committed' && (
              <div className="space-y-2">
                <h3 className="font-medium">{job.newLocationCount.toLocaleString('en-GB')} new locations</h3>
                <NewLocationsTree nodes={job.newLocations} />
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={approved} onChange={(e) => setApproved(e.target.checked)} className="accent-primary" />
                  Create these locations
                </label>
              </div>
            )}
            {job.status === 'ready' && job.counts && job.counts.error === 0 && (
              <Button disabled={commit.isPending || (job.newLocationCount > 0 && !approved)} onClick={() => commit.mutate(approved)}>
                <Upload className="mr-2 h-4 w-4" /> Import {writes.toLocaleString('en-GB')} {writes === 1 ? 'change' : 'changes'}
              </Button>
            )}
            {commit.isError && <p role="alert" className="text-sm text-destructive">{errorMessage(commit.error)}</p>}
          </CardContent>
        </Card>
      )}
    </>
  );
}
