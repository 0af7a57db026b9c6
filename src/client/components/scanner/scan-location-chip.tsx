import { MapPin, X } from 'lucide-react';
import { clearScanLocation, useScanLocation } from './scan-location';

/** "Scanning at <location>", with a button to stop: shown while a location tag's context is set. */
export function ScanLocationChip() {
  const location = useScanLocation();
  if (!location) return null;
  return (
    <span className="flex min-w-0 items-center gap-1 rounded-full border bg-muted/60 py-0.5 pl-2 pr-0.5 text-xs" data-testid="scan-location" title={location.path}>
      <MapPin className="h-3.5 w-3.5 shrink-0 text-primary" aria-hidden />
      <span className="truncate">
        <span className="sr-only sm:not-sr-only">Scanning at </span>
        {location.name}
      </span>
      <button
        type="button"
        className="rounded-full p-1 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Stop scanning at ${location.name}`}
        onClick={clearScanLocation}
      >
        <X className="h-3.5 w-3.5" aria-hidden />
      </button>
    </span>
  );
}
