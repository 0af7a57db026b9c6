/**
 * Photo and video upload limits (spec §5 photo upload row, §8 widget messages, §9 upload constants),
 * shared by the upload widget and the server that checks every file again.
 */

/** At most this many files per upload dialog. */
export const MAX_UPLOAD_FILES = 10;
/** 10 MB per file (10485760 bytes). */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const MAX_UPLOAD_SIZE_LABEL = '10 MB';
/** What the widget accepts, in Uppy's allowedFileTypes form. */
export const ALLOWED_UPLOAD_TYPES = ['image/*', 'video/*'] as const;

/** Uppy uses multipart above this size; with 10 MB files it never does (spec §9: single-part uploads). */
export const MULTIPART_THRESHOLD_BYTES = 100 * 1024 * 1024;
export const UPLOAD_PARALLEL_REQUESTS = 6;
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000] as const;
/** Info messages show this long; the "Connected to the Internet" notice for less. */
export const UPLOAD_INFO_MS = 5000;
export const UPLOAD_RECONNECTED_INFO_MS = 3000;
/** Progress events at most this often. */
export const UPLOAD_PROGRESS_THROTTLE_MS = 500;
/** Browser-side preview thumbnails are drawn from a canvas capped at these sizes. */
export const THUMBNAIL_MAX_PIXELS = 5_000_000;
export const THUMBNAIL_MAX_SIDE = 4096;

/**
 * Uppy's default lifetime for signed URLs (spec §9). The server never issues one this long: its upload
 * and download links last at most UPLOAD_URL_TTL_SECONDS (SEC-UP-2).
 */
export const UPPY_DEFAULT_SIGNED_URL_EXPIRY_SECONDS = 604_800;
export const UPLOAD_URL_TTL_SECONDS = 900;

/** Server-chosen object keys: `uploads/<uuid>`, never derived from a filename (SEC-UP-1). */
export const UPLOAD_KEY_PATTERN = /^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** 'document': a PDF certificate, accepted as an inspection's evidence only (ADR 025). */
export const MEDIA_TYPES = ['photo', 'video', 'document'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * An inspection's evidence (ADR 025): photos and PDF certificates, in the `accept` form of a file
 * input (so a phone offers its camera as well as its files). Videos stay on the asset's Media tab.
 */
export const PDF_MIME_TYPE = 'application/pdf';
export const EVIDENCE_UPLOAD_TYPES = ['image/*', PDF_MIME_TYPE] as const;
export const EVIDENCE_MEDIA_TYPES: readonly MediaType[] = ['photo', 'document'];
/** At most this many files of evidence per inspection, however many times some are added. */
export const MAX_EVIDENCE_FILES = MAX_UPLOAD_FILES;

/** Messages (the first two in the wording of the widget's own, spec §8). */
export const UPLOAD_TOO_LARGE_MESSAGE = `File exceeds maximum allowed size of ${MAX_UPLOAD_SIZE_LABEL}`;
export const UPLOAD_TYPES_MESSAGE = `You can only upload: ${ALLOWED_UPLOAD_TYPES.join(', ')}`;
export const UPLOAD_EMPTY_MESSAGE = 'File data is empty';
export const UPLOAD_CONTENT_MESSAGE = 'Only images, videos and PDF documents can be uploaded';
/** POST /api/objects/upload's refusal of a declared type: the widget's types, or a certificate. */
export const UPLOAD_DECLARED_TYPES_MESSAGE = 'You can only upload: image/*, video/*, or a PDF certificate for an inspection';
/** A PDF recorded against anything but an inspection (the spec's photo rules stay as they are). */
export const PDF_NEEDS_INSPECTION_MESSAGE = 'A PDF can only be attached to an inspection, as its certificate';
export const INSPECTION_EVIDENCE_TYPES_MESSAGE = 'An inspection’s evidence is photos and PDF certificates: add videos on the asset’s Media tab';
/** A file that starts like a PDF but is not a whole one (truncated, or something else renamed). */
export const PDF_UNREADABLE_MESSAGE = 'This PDF could not be read: upload the complete certificate as a PDF file';
export const EVIDENCE_LIMIT_MESSAGE = `An inspection has at most ${MAX_EVIDENCE_FILES} files of evidence`;

/** S3's smallest part (all but the last): with 10 MB files a multipart upload has at most 2 parts. */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_MULTIPART_PARTS = Math.ceil(MAX_UPLOAD_BYTES / S3_MIN_PART_BYTES);
export const UPLOAD_PART_NUMBER_MESSAGE = `partNumber must be between 1 and ${MAX_MULTIPART_PARTS}: files are at most ${MAX_UPLOAD_SIZE_LABEL}`;

/**
 * A resumable upload (ADR 030) is sent in pieces of this many bytes (the last one holds the rest):
 * small enough that a connection dropping in a basement costs at most half a megabyte again.
 */
export const UPLOAD_PIECE_BYTES = 512 * 1024;
export const MAX_UPLOAD_PIECES = Math.ceil(MAX_UPLOAD_BYTES / UPLOAD_PIECE_BYTES);
export const UPLOAD_PIECE_RANGE_MESSAGE = `Content-Range must be "bytes <first>-<last>/<total>", each piece ${UPLOAD_PIECE_BYTES} bytes from a multiple of that (the last piece the rest)`;
export const UPLOAD_PIECE_SHORT_MESSAGE = 'This piece is shorter than its Content-Range says: send it again';
/** The last piece arrived but an earlier one is not held (it was never sent, or was cleaned up). */
export const UPLOAD_PIECE_MISSING_MESSAGE = 'Part of this upload is missing: send the file again from the start';
export const UPLOAD_RESUME_SIZE_MESSAGE = 'size is required for a resumable upload';
/** A link asked for again for an upload that is recorded, cleaned up or not the user's. */
export const UPLOAD_NOT_RESUMABLE_MESSAGE = 'This upload can no longer be continued: start a new one';

/** The per-user upload quota counts what was uploaded (or may still be) over this rolling window. */
export const UPLOAD_QUOTA_WINDOW_MS = 24 * 3_600_000;
/** How often the server deletes never-recorded uploads and aborts stale multipart uploads. */
export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60_000;

/** 429 when a new upload would take the user past the quota. */
export function uploadQuotaMessage(quotaBytes: number, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  const wait = hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  return `Daily upload limit reached: you can upload ${Math.round(quotaBytes / 1024 / 1024)} MB in 24 hours. Try again in ${wait}.`;
}

/** The object store refused a call; its own wording (bucket names, internals) stays in the log. */
export const UPLOAD_STORAGE_REFUSED_MESSAGE = 'The file store refused this upload request: start the upload again';
/** A video whose container does not hold together (truncated, padded, or not a video at all). */
export const VIDEO_UNREADABLE_MESSAGE = 'This video could not be read: upload a complete MP4, MOV or WebM file';
/** HEIC/HEIF this server cannot decode (HEVC), refused rather than stored unchecked. */
export const HEIC_UNREADABLE_MESSAGE = 'This HEIC photo could not be read: export it as JPEG and upload again';

/**
 * True for a declared MIME type the upload accepts: image/* or video/*, but never SVG (it can carry
 * script) nor anything XML or HTML dressed as an image.
 */
export function isAllowedUploadType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!/^(image|video)\/[a-z0-9][a-z0-9.+-]*$/.test(type)) return false;
  return !/svg|xml|html/.test(type);
}

/**
 * A type POST /api/objects/upload may be told to expect: the widget's image/* and video/*, or a PDF.
 * Whether a PDF may be kept is decided when it is recorded (only against an inspection).
 */
export function isAllowedDeclaredType(contentType: string): boolean {
  return isAllowedUploadType(contentType) || contentType.split(';')[0]!.trim().toLowerCase() === PDF_MIME_TYPE;
}

const FILENAME_MAX = 200;

/**
 * A filename safe to store and to put in a Content-Disposition header (SEC-UP-4): the last path
 * segment only, no control characters (CR/LF), quotes or backslashes, at most 200 characters with
 * the extension kept; 'file' when nothing is left.
 */
export function sanitizeFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let clean = base.replace(/[\u0000-\u001f\u007f-\u009f"'`\\<>]/g, '').replace(/\s+/g, ' ').trim();
  clean = clean.replace(/^\.+/, '');
  if (clean.length > FILENAME_MAX) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
    clean = clean.slice(0, FILENAME_MAX - ext.length).trimEnd() + ext;
  }
  return clean || 'file';
}
