import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type { Decoder } from './decoder';

/** Where the camera is: asking for it, reading frames, or why it is not there. */
export type CameraState = 'starting' | 'scanning' | 'denied' | 'no-camera' | 'unavailable' | 'failed' | 'paused';

/** About 8 frames a second: quick enough to feel instant, light enough for an old phone. */
const FRAME_INTERVAL_MS = 125;

/** The rear camera, at most 720p: a label fills enough of it, and smaller frames decode faster. */
const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280, max: 1280 }, height: { ideal: 720, max: 720 } },
};

function stateOfError(error: unknown): CameraState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'no-camera';
  return 'failed';
}

/**
 * Streams the camera into `video` while `active`, and hands every code read to `onCode`, once:
 * reading stops until `active` turns false and true again.
 */
export function useCameraScan({
  video,
  decoder,
  active,
  onCode,
}: {
  video: RefObject<HTMLVideoElement | null>;
  decoder: Decoder | null;
  active: boolean;
  onCode: (text: string) => void;
}): CameraState {
  const [state, setState] = useState<CameraState>('starting');
  const handleCode = useEffectEvent(onCode);
  // iOS home-screen apps and pages served over plain http have no camera API at all.
  const hasCameraApi = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    if (!active || !decoder || !hasCameraApi) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const element = video.current;

    const readFrame = async () => {
      if (stopped || !element) return;
      if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
        try {
          const text = await decoder.decode(element);
          if (stopped) return;
          if (text) {
            stopped = true;
            handleCode(text);
            return;
          }
        } catch {
          // One unreadable frame (the stream ending, a decoder hiccup): try the next one.
        }
      }
      if (!stopped) timer = setTimeout(() => void readFrame(), FRAME_INTERVAL_MS);
    };

    navigator.mediaDevices.getUserMedia(CONSTRAINTS).then(
      async (media) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        if (!element) return;
        element.srcObject = media;
        try {
          await element.play();
        } catch {
          // Autoplay of a muted inline video is allowed; a refusal still shows frames once tapped.
        }
        if (stopped) return;
        setState('scanning');
        void readFrame();
      },
      (error: unknown) => !stopped && setState(stateOfError(error)),
    );

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (element) element.srcObject = null;
      // The next session starts by asking for the camera again.
      setState('starting');
    };
  }, [active, decoder, video, hasCameraApi]);

  if (!hasCameraApi) return 'unavailable';
  const isProblem = state !== 'starting' && state !== 'scanning';
  if (!active) return isProblem ? state : 'paused';
  return decoder || isProblem ? state : 'starting';
}
