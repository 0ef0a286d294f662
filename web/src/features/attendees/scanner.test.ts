import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QRCode from 'qrcode';
import { canScan, frameReader, scannerKind, type Frame } from './scanner';

// Counts loads of jsQR, which only a browser without a reader may pay for.
const jsqr = vi.hoisted(() => ({ loads: 0 }));
vi.mock('jsqr', async (importOriginal) => {
  jsqr.loads++;
  return importOriginal();
});

const code = 'T1.01JREG00000000000000000001.abcdefghijklmnopqrstuv';

// The QR code of text as camera pixels: black modules on white, 4 pixels
// a module, with a quiet zone.
function qrFrame(text: string): Frame {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 4;
  const quiet = 4;
  const width = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const [mx, my] = [Math.floor(x / scale) - quiet, Math.floor(y / scale) - quiet];
      if (mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx)) {
        data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
      }
    }
  }
  return { data, width, height: width };
}

const video = {} as HTMLVideoElement;

// Each test loads jsQR afresh, so its count says what that test loaded.
let loadsBefore = 0;
beforeEach(() => {
  vi.resetModules();
  loadsBefore = jsqr.loads;
});
afterEach(() => vi.unstubAllGlobals());

describe('ticket scanner', () => {
  it("reads with the browser's own barcode reader where there is one, without loading jsQR", async () => {
    const detect = vi.fn(async () => [{ rawValue: code }]);
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = detect;
      },
    );
    expect(scannerKind()).toBe('native');
    const read = await frameReader(() => {
      throw new Error('the browser reader needs no pixels');
    });

    expect(await read(video)).toEqual([code]);
    expect(detect).toHaveBeenCalledWith(video);
    expect(jsqr.loads - loadsBefore).toBe(0);
  });

  it('falls back to jsQR where the browser has no barcode reader', async () => {
    expect('BarcodeDetector' in globalThis).toBe(false);
    expect(scannerKind()).toBe('jsqr');
    const frames: (Frame | null)[] = [null, { data: new Uint8ClampedArray(16 * 16 * 4).fill(255), width: 16, height: 16 }, qrFrame(code)];
    const read = await frameReader(() => frames.shift() ?? null);

    expect(jsqr.loads - loadsBefore).toBe(1);
    expect(await read(video)).toEqual([]); // no frame yet
    expect(await read(video)).toEqual([]); // nothing in view
    expect(await read(video)).toEqual([code]);
  });

  it('scans wherever there is a camera', () => {
    vi.stubGlobal('navigator', { mediaDevices: {} });
    expect(canScan()).toBe(false);
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: vi.fn() } });
    expect(canScan()).toBe(true);
  });
});
