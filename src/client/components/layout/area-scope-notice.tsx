import { MapPin } from 'lucide-react';
import { areaNames, useMyAreas } from '@/lib/areas';

/**
 * For an area manager limited to some areas (ADR 024): a quiet line above every page saying whose
 * part of the estate the lists, counts and searches cover, so partial figures do not look like
 * missing data. The full paths are in the tooltip.
 */
export function AreaScopeNotice() {
  const { areas, limited } = useMyAreas();
  if (!limited) return null;
  return (
    <div
      role="region"
      aria-label="Your areas"
      data-testid="area-scope-notice"
      className="flex items-start gap-2 border-b bg-muted/50 px-4 py-1.5 text-sm text-muted-foreground md:px-6"
      title={areas.map((area) => area.path).join('\n')}
    >
      <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p className="min-w-0 break-words">
        Showing <span className="font-medium text-foreground">{areaNames(areas)}</span> only
      </p>
    </div>
  );
}
