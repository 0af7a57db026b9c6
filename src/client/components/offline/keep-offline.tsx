import { useEffect, useState } from 'react';
import { CloudDownload } from 'lucide-react';
import { formatNumber } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { useOnline } from '@/lib/offline/use-online';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { KeptSite } from '@/lib/offline/kept-sites';

const keptSites = () => import('@/lib/offline/kept-sites');

/** "1 asset", "120 assets". */
const countOf = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** "120 assets, 4 meters, 9 open actions". */
const keptText = (kept: KeptSite) =>
  [countOf(kept.assetIds.length, 'asset', 'assets'), countOf(kept.meterIds.length, 'meter', 'meters'), countOf(kept.actionIds.length, 'open action', 'open actions')].join(', ');

const savedAtText = (savedAt: number) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(savedAt));

/**
 * "Keep offline" on a location's page (ADR 028, "A site kept offline"): keeps every asset, meter (with
 * its latest readings) and open action in the site or building on this device, so a surveyor going
 * into a basement can still find and open them, record readings and progress actions with no
 * signal. Shows what is kept, with Update and Remove.
 */
export function KeepOffline({ locationId, name }: { locationId: string; name: string }) {
  const online = useOnline();
  const [kept, setKept] = useState<KeptSite | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    keptSites()
      .then((m) => m.keptSite(locationId))
      .then((site) => live && setKept(site))
      .catch(() => live && setKept(null));
    return () => {
      live = false;
    };
  }, [locationId]);

  const run = async (work: (m: Awaited<ReturnType<typeof keptSites>>) => Promise<KeptSite | null>) => {
    setBusy(true);
    setProblem(null);
    try {
      setKept(await work(await keptSites()));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const keep = () => run((m) => m.keepSite(locationId));
  const forget = () => run(async (m) => (await m.forgetSite(locationId), null));

  if (kept === undefined) return null;
  return (
    <section className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-dashed p-3 text-sm" aria-label="Offline" data-testid="keep-offline">
      <CloudDownload className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      <p className="mr-auto min-w-0" role="status">
        {kept
          ? `Kept on this device: ${keptText(kept)}, saved ${savedAtText(kept.savedAt)}`
          : `Keep ${name}'s assets, meters and open actions on this device to work on them with no signal.`}
      </p>
      {busy && <Spinner className="h-4 w-4" />}
      {kept ? (
        <>
          <Button size="sm" variant="outline" onClick={() => void keep()} disabled={busy || !online}>
            Update
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void forget()} disabled={busy}>
            Remove
          </Button>
        </>
      ) : (
        <Button size="sm" variant="outline" onClick={() => void keep()} disabled={busy || !online}>
          Keep offline
        </Button>
      )}
      {problem && (
        <p role="alert" className="basis-full text-destructive">
          {problem}
        </p>
      )}
    </section>
  );
}
