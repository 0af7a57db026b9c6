import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation as useNavigation } from 'wouter';
import { Camera, ImageUp, MapPin, PackagePlus, ScanLine } from 'lucide-react';
import type { ScanResult } from '@shared/contract/scan';
import { SCAN_CODE_MAX } from '@shared/domain/scan';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { createDecoder, type Decoder } from './decoder';
import { lookUpCode } from './api/look-up-code';
import { setScanLocation, useScanLocation } from './scan-location';
import { useCameraScan, type CameraState } from './use-camera-scan';

/** What the camera area says when it is not showing frames. */
const CAMERA_MESSAGES: Record<Exclude<CameraState, 'scanning'>, string> = {
  starting: 'Asking for the camera…',
  paused: 'Camera paused.',
  denied: 'The camera is blocked for this site. Allow it in the browser’s site settings, or take a photo of the label or type its code below.',
  'no-camera': 'No camera was found. Take a photo of the label or type its code below.',
  unavailable: 'The camera cannot be opened here (an app added to the home screen, or a page not served over https). Take a photo of the label or type its code below.',
  failed: 'The camera could not be started. Take a photo of the label or type its code below.',
};

type Outcome = { kind: 'idle' } | { kind: 'looking'; code: string } | { kind: 'unknown'; code: string | null; read: string } | { kind: 'error'; message: string };

/**
 * The scanner (ADR 027): the rear camera reads QR, Code 128 and Data Matrix codes; a photo of the
 * label is decoded the same way where the camera stream is unavailable; a USB or Bluetooth scanner
 * types into the code box and presses Enter, as a person can. A code naming an asset opens it; a
 * location tag sets where the next assets are registered; an unknown code offers to register one.
 * Loaded as its own chunk when Scan is first pressed.
 */
export default function ScanDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [, navigate] = useNavigation();
  const video = useRef<HTMLVideoElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const [decoder, setDecoder] = useState<Decoder | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [typed, setTyped] = useState('');
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const [decodingPhoto, setDecodingPhoto] = useState(false);
  const scanLocation = useScanLocation();
  const [justSetLocation, setJustSetLocation] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current: Decoder | null = null;
    let cancelled = false;
    void createDecoder().then((created) => {
      if (cancelled) created.close();
      else setDecoder((current = created));
    });
    return () => {
      cancelled = true;
      current?.close();
      setDecoder(null);
    };
  }, [open]);

  const resolve = async (read: string) => {
    const code = read.trim();
    if (!code) return;
    setPhotoMessage(null);
    setJustSetLocation(false);
    if (code.length > SCAN_CODE_MAX) {
      setOutcome({ kind: 'error', message: `A code must be at most ${SCAN_CODE_MAX} characters` });
      return;
    }
    setOutcome({ kind: 'looking', code });
    let result: ScanResult;
    try {
      result = await lookUpCode(code);
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessage(error) });
      return;
    }
    if (result.kind === 'asset') {
      onOpenChange(false);
      navigate(paths.asset(result.asset.id));
    } else if (result.kind === 'location') {
      setScanLocation(result.location);
      setJustSetLocation(true);
      setTyped('');
      setOutcome({ kind: 'idle' });
    } else {
      setOutcome({ kind: 'unknown', code: result.code, read: code });
    }
  };

  // The camera reads while nothing else is on show; a result pauses it until "Scan again".
  const cameraState = useCameraScan({ video, decoder, active: open && outcome.kind === 'idle', onCode: (text) => void resolve(text) });

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    void resolve(typed);
  };

  const decodePhoto = async (file: File | undefined) => {
    if (!file || !decoder) return;
    setDecodingPhoto(true);
    setPhotoMessage(null);
    try {
      const text = await decoder.decode(await createImageBitmap(file));
      if (text) await resolve(text);
      else setPhotoMessage('No code was found in the photo. Take it again closer to the label and in good light, or type the code.');
    } catch {
      setPhotoMessage('The photo could not be read. Take it again, or type the code.');
    } finally {
      setDecodingPhoto(false);
      if (photoInput.current) photoInput.current.value = '';
    }
  };

  const scanAgain = () => {
    setOutcome({ kind: 'idle' });
    setTyped('');
  };

  const registerNew = (code: string) => {
    onOpenChange(false);
    navigate(paths.newAssetWithBarcode(code));
  };

  const cameraShown = cameraState === 'scanning' || cameraState === 'starting';

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Scan" description="Point the camera at an asset’s label or a location’s tag.">
      <div className="grid gap-4" data-testid="scan-dialog" data-engine={decoder?.engine ?? ''}>
        {justSetLocation && scanLocation && (
          <p role="status" className="flex items-start gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
            <span>
              Scanning at <strong>{scanLocation.path}</strong>. New assets are registered here. Scan an asset next.
            </span>
          </p>
        )}

        <div className="relative overflow-hidden rounded-md bg-muted" style={{ aspectRatio: '4 / 3' }}>
          <video
            ref={video}
            className={cameraShown && outcome.kind === 'idle' ? 'h-full w-full object-cover' : 'hidden'}
            muted
            playsInline
            aria-label="Camera view"
          />
          {cameraState === 'scanning' && outcome.kind === 'idle' && (
            <div className="pointer-events-none absolute inset-[15%] rounded-lg border-2 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)]" aria-hidden />
          )}
          {outcome.kind === 'idle' && cameraState !== 'scanning' && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-sm text-muted-foreground" data-testid="camera-state" data-state={cameraState}>
              {cameraState === 'starting' ? <Spinner /> : <Camera className="h-6 w-6" aria-hidden />}
              <p>{CAMERA_MESSAGES[cameraState]}</p>
            </div>
          )}
          {outcome.kind === 'looking' && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-sm" role="status">
              <Spinner />
              <p>
                Looking up <span className="break-all font-mono">{outcome.code}</span>…
              </p>
            </div>
          )}
          {(outcome.kind === 'unknown' || outcome.kind === 'error') && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 overflow-y-auto p-4 text-center text-sm" data-testid="scan-outcome">
              {outcome.kind === 'unknown' ? (
                <p>
                  No asset or location has the code <span className="break-all font-mono font-medium">{outcome.read}</span>.
                </p>
              ) : (
                <p className="text-destructive">{outcome.message}</p>
              )}
              {outcome.kind === 'unknown' && outcome.code !== null && (
                <Button type="button" onClick={() => registerNew(outcome.code!)}>
                  <PackagePlus aria-hidden /> Register a new asset with this barcode
                </Button>
              )}
              <Button type="button" variant="outline" onClick={scanAgain}>
                <ScanLine aria-hidden /> Scan again
              </Button>
            </div>
          )}
        </div>

        <div className="grid gap-2">
          <input
            ref={photoInput}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            tabIndex={-1}
            aria-label="Photo of a label"
            onChange={(event) => void decodePhoto(event.target.files?.[0])}
          />
          <Button type="button" variant="outline" disabled={!decoder || decodingPhoto} onClick={() => photoInput.current?.click()}>
            {decodingPhoto ? <Spinner className="h-4 w-4" /> : <ImageUp aria-hidden />} Take a photo of the label
          </Button>
          {photoMessage && (
            <p className="text-sm text-destructive" role="alert">
              {photoMessage}
            </p>
          )}
        </div>

        <form className="grid gap-2" onSubmit={submitTyped}>
          <Label htmlFor="scan-code">Code</Label>
          <div className="flex gap-2">
            <Input
              id="scan-code"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder="Type a code, or use a barcode scanner"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={SCAN_CODE_MAX}
              // A desktop's USB scanner types here at once; on a phone the keyboard would hide the camera.
              autoFocus={typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches}
            />
            <Button type="submit" disabled={!typed.trim() || outcome.kind === 'looking'}>
              Find
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
