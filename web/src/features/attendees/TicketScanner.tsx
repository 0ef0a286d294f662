import { useEffect, useRef, useState } from 'react';
import { useT } from '@/i18n/react';
import { frameReader } from './scanner';

// How often a frame is read, and how long the same code is ignored after
// it was read (a ticket stays in view for a moment).
const SCAN_EVERY_MS = 250;
const SAME_CODE_PAUSE_MS = 4000;

// Reads QR codes with the phone's back camera and hands each new one to
// onCode; stops the camera when unmounted.
export function TicketScanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  // The camera could not be opened (refused, or none).
  const [problem, setProblem] = useState(false);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const seen = new Map<string, number>();

    // The decoder first: a camera opened for a decoder that failed to
    // load would stay on.
    frameReader()
      .then(async (read) => {
        const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped) return s.getTracks().forEach((track) => track.stop());
        stream = s;
        const el = video.current!;
        el.srcObject = s;
        await el.play();
        let reading = false;
        timer = setInterval(() => {
          // A slow decoder skips frames rather than queueing them.
          if (el.readyState < 2 || reading) return;
          reading = true;
          void read(el)
            .then((codes) => {
              const now = Date.now();
              for (const code of codes) {
                if (now - (seen.get(code) ?? 0) < SAME_CODE_PAUSE_MS) continue;
                seen.set(code, now);
                latest.current(code);
              }
            })
            .finally(() => {
              reading = false;
            });
        }, SCAN_EVERY_MS);
      })
      .catch((error: unknown) => {
        console.error('open camera', error);
        setProblem(true);
      });
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div>
      {problem ? (
        <p role="alert" className="text-red-700">
          {t('attendees.cameraProblem')}
        </p>
      ) : (
        <video ref={video} muted playsInline aria-label={t('attendees.cameraView')} className="aspect-square w-full max-w-sm rounded-lg bg-slate-900 object-cover" />
      )}
    </div>
  );
}
