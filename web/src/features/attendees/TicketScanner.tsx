import { useEffect, useRef, useState } from 'react';

// The browser's own barcode reader (Chrome on Android, Safari 17+); absent
// elsewhere, where the screen falls back to the code field and search.
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | null {
  const found = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof found === 'function' ? found : null;
}

export function canScan(): boolean {
  return detectorClass() !== null && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

// How often a frame is read, and how long the same code is ignored after
// it was read (a ticket stays in view for a moment).
const SCAN_EVERY_MS = 250;
const SAME_CODE_PAUSE_MS = 4000;

// Reads QR codes with the phone's back camera and hands each new one to
// onCode; stops the camera when unmounted.
export function TicketScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const seen = new Map<string, number>();

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        if (stopped) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        const el = video.current!;
        el.srcObject = s;
        await el.play();
        timer = setInterval(() => {
          if (el.readyState < 2) return;
          void detector.detect(el).then((codes) => {
            const now = Date.now();
            for (const { rawValue } of codes) {
              if (now - (seen.get(rawValue) ?? 0) < SAME_CODE_PAUSE_MS) continue;
              seen.set(rawValue, now);
              latest.current(rawValue);
            }
          });
        }, SCAN_EVERY_MS);
      })
      .catch((error: unknown) => {
        console.error('open camera', error);
        setProblem('The camera could not be opened. Allow camera access, or enter codes or search below.');
      });
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div>
      {problem ? (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      ) : (
        <video ref={video} muted playsInline aria-label="Camera view for scanning tickets" className="aspect-square w-full max-w-sm rounded-lg bg-slate-900 object-cover" />
      )}
    </div>
  );
}
