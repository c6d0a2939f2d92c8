import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
// The reader's WebAssembly from our own origin (the build's assets), never the package's default CDN:
// the app's Content-Security-Policy allows no other origin.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, location.href).href : prefix + path),
  },
});

/** The QR text of a video frame, or null (zxing-wasm, where the browser has no BarcodeDetector). */
export async function readFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null> {
  const w = video.videoWidth;
  const h = video.videoHeight;
  if (!w || !h) return null;
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return null;
  g.drawImage(video, 0, 0, w, h);
  const found = await readBarcodes(g.getImageData(0, 0, w, h), { formats: ['QRCode'], maxNumberOfSymbols: 1, tryHarder: false });
  return found.find((b) => b.isValid)?.text ?? null;
}
