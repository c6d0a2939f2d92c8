import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import CameraOutlined from '@ant-design/icons/CameraOutlined';
import './i18n.ts';

/** Reads QR codes from a video frame: the browser's BarcodeDetector where there is one, else zxing-wasm. */
type FrameReader = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
declare const BarcodeDetector: { new (o: { formats: string[] }): BarcodeDetectorLike } | undefined;

async function frameReader(): Promise<FrameReader> {
  if (typeof BarcodeDetector !== 'undefined') {
    try {
      const detector = new BarcodeDetector({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    } catch {
      /* no QR support in this browser's detector: zxing below */
    }
  }
  const { readFrame } = await import('./zxing-reader.ts');
  return readFrame;
}

/**
 * The camera scan area: the back camera's video, read a few times a second; a code is handed over once,
 * and the same code again only after a pause (a pass held in front of the camera is one scan).
 */
export function GateCamera({ onCode, paused }: { onCode: (text: string) => void; paused: boolean }) {
  const { t } = useTranslation('site-gate');
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [on, setOn] = useState(false);
  const [error, setError] = useState(false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let gone = false;
    let last: { text: string; at: number } | null = null;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (gone || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await frameReader();
        const tick = async () => {
          if (gone) return;
          if (!pausedRef.current && video.current && canvas.current && video.current.readyState >= 2) {
            const text = await read(video.current, canvas.current).catch(() => null);
            const now = Date.now();
            if (text && !(last && last.text === text && now - last.at < 5_000)) {
              last = { text, at: now };
              onCodeRef.current(text);
            }
          }
          timer = setTimeout(() => void tick(), 250);
        };
        void tick();
      } catch {
        if (!gone) {
          setError(true);
          setOn(false);
        }
      }
    })();
    return () => {
      gone = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on]);

  return (
    <section className="gate-camera" aria-label={t('screen.cameraHint')}>
      <div className={on ? 'gate-camera-frame gate-camera-on' : 'gate-camera-frame'}>
        <video ref={video} muted playsInline aria-hidden />
        <canvas ref={canvas} hidden />
        {on ? <p className="gate-camera-hint">{t('screen.cameraHint')}</p> : null}
        {!on ? (
          <Button
            size="large"
            type="primary"
            icon={<CameraOutlined />}
            onClick={() => {
              setError(false);
              setOn(true);
            }}
            data-testid="gate-camera"
          >
            {t('screen.camera')}
          </Button>
        ) : null}
      </div>
      {on ? (
        <Button onClick={() => setOn(false)} block>
          {t('screen.cameraStop')}
        </Button>
      ) : null}
      {error ? (
        <p className="gate-camera-error" role="alert">
          {t('screen.cameraError')}
        </p>
      ) : null}
    </section>
  );
}
