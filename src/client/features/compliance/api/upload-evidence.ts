import { EVIDENCE_UPLOAD_TYPES } from '@shared/domain/uploads';
import { errorMessage } from '@/lib/api-client';
import { refreshAfterMediaChange } from '@/components/photo-capture/api/refresh-media';

export interface EvidenceFailure {
  name: string;
  reason: string;
}

/**
 * Uploads files as an inspection's evidence (ADR 025) through the photo widget's engine
 * (create-photo-uppy.ts) without its Dashboard: each file gets a signed upload URL, one PUT, then
 * POST /api/media with the inspection, which also puts it on the obligation's asset. Uppy is loaded
 * only now, so it stays out of the screens' first bundle. Answers the files that did not make it.
 */
export async function uploadEvidence(inspectionId: string, files: readonly File[]): Promise<EvidenceFailure[]> {
  let createPhotoUppy;
  try {
    ({ createPhotoUppy } = await import('@/components/photo-capture/create-photo-uppy'));
  } catch (error) {
    // Offline, or the app was updated meanwhile: the uploader itself could not be loaded.
    return files.map((file) => ({ name: file.name, reason: errorMessage(error) }));
  }
  let assetId: string | null = null;
  const uppy = createPhotoUppy({
    getOwner: () => ({ inspectionId }),
    onRecorded: (media) => {
      assetId = media.assetId;
    },
    allowedFileTypes: EVIDENCE_UPLOAD_TYPES,
  });
  const failed: EvidenceFailure[] = [];
  try {
    for (const file of files) {
      try {
        uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });
      } catch (error) {
        failed.push({ name: file.name, reason: errorMessage(error) });
      }
    }
    if (uppy.getFiles().length > 0) {
      try {
        const result = await uppy.upload();
        for (const file of result?.failed ?? []) failed.push({ name: file.name ?? 'file', reason: file.error ?? 'Upload failed' });
      } catch (error) {
        for (const file of uppy.getFiles()) failed.push({ name: file.name ?? 'file', reason: errorMessage(error) });
      }
    }
  } finally {
    uppy.destroy();
    // The inspection's History, and the asset's Media tab when the obligation is an asset's.
    refreshAfterMediaChange(assetId);
  }
  return failed;
}

/** "a.pdf (reason); b.jpg (reason)": which files failed, and why, for a toast. */
export function describeFailures(failed: readonly EvidenceFailure[]): string {
  return failed.map(({ name, reason }) => `${name} (${reason})`).join('; ');
}
