import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import Dashboard from '@uppy/react/dashboard';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import type { Media } from '@shared/contract/media';
import { cn } from '@/lib/cn';
import { createPhotoUppy, type MediaOwner, type PhotoUppy } from '@/components/photo-capture/create-photo-uppy';
import { MAX_UPLOAD_FILES, MAX_UPLOAD_SIZE_LABEL } from '@shared/domain/uploads';
import type { PhotoToKeep } from '@/lib/outbox';

/** Lets a form start the queued uploads once the record they belong to exists. */
export interface PhotoQueueController {
  /** Uploads every queued photo and records it against `owner`; true when all of them made it. */
  uploadFor: (owner: MediaOwner) => Promise<boolean>;
  /** The chosen files, for a record kept in the outbox to keep with it (ADR 028); the widget is left empty. */
  takeFiles: () => PhotoToKeep[];
}

export interface PhotoUploaderProps {
  /** Known up front (the asset's Media tab); otherwise given to `uploadFor`. */
  owner?: MediaOwner;
  /** 'upload': the Dashboard's own Upload button starts it. 'queue': the form starts it (see controller). */
  mode: 'upload' | 'queue';
  onRecorded: (media: Media) => void;
  /** How many files wait in the widget, for the form's label. */
  onCountChange?: (count: number) => void;
  onReady?: (controller: PhotoQueueController | null) => void;
  /** The Dashboard's Done button, shown once everything is uploaded. */
  onDone?: () => void;
  className?: string;
}

const NOTE = `Images and videos, up to ${MAX_UPLOAD_FILES} files of ${MAX_UPLOAD_SIZE_LABEL} each`;
const META_FIELDS = [{ id: 'caption', name: 'Caption', placeholder: 'What the photo shows' }];

/**
 * Uppy's Dashboard (inline) for photo evidence. Loaded on demand (React.lazy): Uppy and its styles
 * stay out of the initial bundle.
 */
export default function PhotoUploader({ owner, mode, onRecorded, onCountChange, onReady, onDone, className }: PhotoUploaderProps) {
  // Callbacks and the owner are read through a ref, so the Uppy instance is made once per mount.
  const latest = useRef({ owner, onRecorded, onCountChange, onDone });
  useLayoutEffect(() => {
    latest.current = { ...latest.current, onRecorded, onCountChange, onDone, ...(owner ? { owner } : {}) };
  });
  const [uppy, setUppy] = useState<PhotoUppy | null>(null);

  // Made in an effect (not during render) so StrictMode's double mount destroys the one it throws away.
  useEffect(() => {
    const instance = createPhotoUppy({
      getOwner: () => latest.current.owner ?? null,
      onRecorded: (media) => latest.current.onRecorded(media),
    });
    const reportCount = () => latest.current.onCountChange?.(instance.getFiles().length);
    instance.on('file-added', reportCount);
    instance.on('file-removed', reportCount);
    instance.on('cancel-all', reportCount);
    setUppy(instance);
    return () => instance.destroy();
  }, []);

  useEffect(() => {
    if (!uppy || !onReady) return;
    onReady({
      uploadFor: async (target) => {
        latest.current.owner = target;
        if (uppy.getFiles().length === 0) return true;
        try {
          const result = await uppy.upload();
          return !!result && uppy.getFiles().every((file) => !file.error);
        } catch {
          return false; // Uppy has already shown why
        }
      },
      takeFiles: () => {
        // Local files only (a remote one has no bytes here); Uppy keeps the chosen File as `data`.
        const files = uppy
          .getFiles()
          .filter((file) => file.data instanceof Blob)
          .map((file) => ({
            file: file.data instanceof File ? file.data : new File([file.data as Blob], file.name ?? 'photo', { type: file.type }),
            caption: file.meta.caption?.trim() || undefined,
          }));
        uppy.clear();
        return files;
      },
    });
    return () => onReady(null);
  }, [uppy, onReady]);

  const done = useCallback(() => {
    uppy?.clear();
    latest.current.onDone?.();
  }, [uppy]);

  if (!uppy) return <div className={className} aria-busy="true" />;
  return (
    // Uppy's wrappers have no height of their own: pass ours down so the Dashboard fills the space.
    // Uppy's grey note (#757575 on #fafafa, 4.4:1) takes our muted text colour (5.2:1); important, as
    // Uppy's stylesheet is outside Tailwind's layers and would win otherwise.
    <div
      className={cn('[&_.uppy-Container]:h-full [&_.uppy-Root]:h-full [&_.uppy-Dashboard]:h-full [&_.uppy-Dashboard-note]:text-muted-foreground!', className)}
      data-testid="photo-uploader"
    >
      <Dashboard
        uppy={uppy}
        width="100%"
        height="100%"
        theme="light"
        note={NOTE}
        hideUploadButton={mode === 'queue'}
        hideProgressDetails={false}
        hideRetryButton={false}
        proudlyDisplayPoweredByUppy={false}
        showNativePhotoCameraButton
        nativeCameraFacingMode="environment"
        metaFields={META_FIELDS}
        doneButtonHandler={mode === 'upload' ? done : null}
      />
    </div>
  );
}
