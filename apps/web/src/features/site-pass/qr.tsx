import { useMemo } from 'react';
import QRCode from 'qrcode';

/**
 * How every pass QR is drawn (the badge sheet and the phone pass): error correction M survives a scuffed
 * or creased badge, and the quiet zone of 2 modules sits inside the drawn square. The unit test decodes a
 * badge drawn with these options (badge-qr.test.tsx), so a change here is tested with the badge.
 */
export const PASS_QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** The dark modules of `text`'s QR as one SVG path (a 1×1 square per module), with the side in modules. */
export function qrPath(text: string): { size: number; d: string } {
  const qr = QRCode.create(text, { errorCorrectionLevel: PASS_QR_OPTIONS.errorCorrectionLevel });
  const n = qr.modules.size;
  const m = PASS_QR_OPTIONS.margin;
  let d = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) d += `M${x + m} ${y + m}h1v1h-1z`;
  }
  return { size: n + 2 * m, d };
}

/** A pass QR as an SVG that scales to its box (crisp on paper and on a phone); `label` names it for a screen reader. */
export function PassQr({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-qr={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
