import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import type { LabelKind, LabelLayoutKey } from '@shared/domain/labels';

/** What a sheet is for: a location's assets or its tags (GET), or assets chosen on the list (POST). */
export type LabelSheetSource = { kind: 'location'; locationId: string; print: LabelKind } | { kind: 'selection'; assetIds: string[] };

/** The file name the server gave in Content-Disposition, else a plain one. */
function attachmentName(res: Response): string {
  const header = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? 'labels.pdf';
}

/**
 * Fetches the label sheet and saves it as the server names it. Fetched rather than linked, so a
 * refusal (no assets, too many, an asset gone) is the server's message in the dialog, not a file of
 * JSON in the downloads folder. A sheet is at most 500 labels: a few megabytes held in the page.
 */
export async function downloadLabelSheet(source: LabelSheetSource, layout: LabelLayoutKey): Promise<void> {
  const res =
    source.kind === 'location'
      ? await apiRequest('GET', `${apiPaths.labels}?${new URLSearchParams({ locationId: source.locationId, layout, kind: source.print })}`)
      : await apiRequest('POST', apiPaths.labels, { assetIds: source.assetIds, layout });
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = attachmentName(res);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
