// Reading QR codes from camera frames: with the browser's own barcode
// reader where there is one (Chrome on Android, Safari 17+), else with
// jsQR (a small, dependency-free decoder), loaded only when a scan starts
// on such a browser, so no other page pays for it.

// The browser's own barcode reader.
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | null {
  const found = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof found === 'function' ? found : null;
}

// A camera frame as pixels (RGBA, 4 bytes each).
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

// Reads the QR codes in view of video.
export type FrameReader = (video: HTMLVideoElement) => Promise<string[]>;

// Which decoder this browser scans with.
export function scannerKind(): 'native' | 'jsqr' {
  return detectorClass() ? 'native' : 'jsqr';
}

// The camera alone decides whether tickets can be scanned: a browser
// without a barcode reader scans with jsQR.
export function canScan(): boolean {
  return typeof navigator.mediaDevices?.getUserMedia === 'function';
}

// The frame reader of this browser. grab copies a video frame to pixels
// for jsQR (drawn through a canvas by default).
export async function frameReader(grab: (video: HTMLVideoElement) => Frame | null = canvasGrabber()): Promise<FrameReader> {
  const Detector = detectorClass();
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video)).map((c) => c.rawValue);
  }
  const { default: jsQR } = await import('jsqr');
  return async (video) => {
    const frame = grab(video);
    if (!frame) return [];
    const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
    return found?.data ? [found.data] : [];
  };
}

// Copies video frames to pixels through one reused canvas.
function canvasGrabber(): (video: HTMLVideoElement) => Frame | null {
  let context: CanvasRenderingContext2D | null | undefined;
  return (video) => {
    if (!video.videoWidth || !video.videoHeight) return null;
    context ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    const { canvas } = context;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    return context.getImageData(0, 0, canvas.width, canvas.height);
  };
}
