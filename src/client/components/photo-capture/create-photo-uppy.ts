import Uppy, { type UppyFile } from '@uppy/core';
import AwsS3, { type AwsBody } from '@uppy/aws-s3';
import type { Media } from '@shared/contract/media';
import {
  ALLOWED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  MULTIPART_THRESHOLD_BYTES,
  UPLOAD_INFO_MS,
  UPLOAD_PARALLEL_REQUESTS,
} from '@shared/domain/uploads';
import { errorMessage } from '@/lib/api-client';
import { createMedia } from './api/create-media';
import { requestUploadUrl } from './api/request-upload-url';

/** The records a photo is evidence for (POST /api/media takes at least one). */
export interface MediaOwner {
  assetId?: string;
  assessmentId?: string;
  actionId?: string;
  /** An inspection's evidence (ADR 025), which may also be a PDF certificate. */
  inspectionId?: string;
}

/** A per-file caption, edited in the Dashboard's file card. */
export type PhotoMeta = { caption?: string; name: string; type: string };
export type PhotoUppy = Uppy<PhotoMeta, AwsBody>;
type PhotoFile = UppyFile<PhotoMeta, AwsBody>;

/**
 * The upload widget's engine (spec §5, §9): image/video only, 10 files of 10485760 bytes at most,
 * nothing starts until asked, files below the 100 MiB multipart threshold go up in one signed PUT,
 * 6 at a time. Each uploaded object is then recorded with POST /api/media against the owner that
 * `getOwner` returns at that moment (the assessment and action dialogs only know it once their
 * record exists). Uppy's own English strings give the restriction and failure messages (spec §8).
 * An inspection's evidence passes its own `allowedFileTypes` (photos and PDFs, ADR 025).
 */
export function createPhotoUppy({
  getOwner,
  onRecorded,
  allowedFileTypes = ALLOWED_UPLOAD_TYPES,
}: {
  getOwner: () => MediaOwner | null;
  onRecorded: (media: Media) => void;
  allowedFileTypes?: readonly string[];
}): PhotoUppy {
  const uppy = new Uppy<PhotoMeta, AwsBody>({
    autoProceed: false,
    infoTimeout: UPLOAD_INFO_MS,
    restrictions: {
      maxNumberOfFiles: MAX_UPLOAD_FILES,
      maxFileSize: MAX_UPLOAD_BYTES,
      allowedFileTypes: [...allowedFileTypes],
    },
  });

  uppy.use(AwsS3<PhotoMeta, AwsBody>, {
    limit: UPLOAD_PARALLEL_REQUESTS,
    shouldUseMultipart: (file) => (file.size ?? 0) > MULTIPART_THRESHOLD_BYTES,
    // The requested key is only a handle back to the file: the server picks the stored key
    // (uploads/<uuid>) and the signer hands it back, which Uppy then reports on success.
    generateObjectKey: (file) => file.id,
    allowedMetaFields: ['caption'],
    signRequest: async (request) => {
      if (request.method !== 'PUT' || 'uploadId' in request) {
        // Unreachable with the 10 MB cap; @uppy/aws-s3 6 signs multipart calls one by one, which
        // our Companion-style /api/s3/multipart endpoints do not offer.
        throw new Error('Files over 100 MiB need a multipart upload, which is not available here');
      }
      const file = uppy.getFile(request.key);
      try {
        const target = await requestUploadUrl({
          filename: file.name ?? 'photo',
          size: file.size ?? 0,
          contentType: request.contentType ?? file.type,
        });
        return { url: target.uploadURL, key: target.key, headers: target.headers };
      } catch (error) {
        // The server's reason ("File exceeds maximum allowed size of 10 MB"), not "400: {…}".
        throw new Error(errorMessage(error), { cause: error });
      }
    },
  });

  // Stored keys by file, kept apart from the file state: a failed recording clears the file's response,
  // and a retry of that file must record the object already uploaded rather than upload it again.
  const storedKeys = new Map<string, string>();
  const recorded = new Set<string>();
  uppy.on('upload-success', (file, response) => {
    if (file && response.body?.key) storedKeys.set(file.id, response.body.key);
  });
  uppy.on('file-removed', (file) => {
    storedKeys.delete(file.id);
    recorded.delete(file.id);
  });

  const record = async (file: PhotoFile) => {
    const key = storedKeys.get(file.id);
    if (!key || recorded.has(file.id)) return;
    const owner = getOwner();
    uppy.emit('postprocess-progress', file, { mode: 'indeterminate', message: 'Saving…' });
    try {
      if (!owner) throw new Error('There is no record to attach the photo to');
      const caption = file.meta.caption?.trim();
      const media = await createMedia({ key, filename: file.name ?? 'photo', ...(caption ? { caption } : {}), ...owner });
      recorded.add(file.id);
      uppy.emit('postprocess-complete', file);
      onRecorded(media);
    } catch (error) {
      uppy.emit('postprocess-complete', file);
      // Shown as Uppy's "Failed to upload <file>" with the reason; its Retry records it again.
      uppy.emit('upload-error', file, new Error(errorMessage(error), { cause: error }));
    }
  };

  uppy.addPostProcessor(async (fileIDs) => {
    // Files removed meanwhile come back undefined; failed uploads have nothing to record.
    const uploaded = fileIDs.map((id) => uppy.getFile(id)).filter((file) => file && !file.error);
    await Promise.all(uploaded.map(record));
  });

  return uppy;
}
