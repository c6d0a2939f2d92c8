/**
 * The one content sniffer: what a file is, from its first bytes, never from its name. Every upload
 * path (photo library, file manager, staff photos and scans) asks here.
 */
export type SniffedType = 'png' | 'jpg' | 'gif' | 'webp' | 'pdf' | 'zip' | 'gz' | 'mp4' | 'webm' | 'mp3';

/** Bytes enough for `sniffContent` to recognise every type it knows. */
export const SNIFF_BYTES = 512;

export function sniffContent(head: Buffer): SniffedType | null {
  const at = (o: number, s: string) => head.length >= o + s.length && head.subarray(o, o + s.length).toString('latin1') === s;
  if (at(0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return 'gif';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  if (at(0, '%PDF-')) return 'pdf';
  if (at(0, 'PK\x03\x04') || at(0, 'PK\x05\x06')) return 'zip';
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gz';
  if (at(4, 'ftyp')) return 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (at(0, 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return 'mp3';
  return null;
}

/** The image formats an upload may be (spec section 5: png, jpg, jpeg, gif), as sharp names them. */
export type ImageFormat = 'png' | 'jpeg' | 'gif';

const IMAGE_FORMATS: Partial<Record<SniffedType, ImageFormat>> = { png: 'png', jpg: 'jpeg', gif: 'gif' };

/** An accepted image format by content, or null (WebP, SVG, HTML renamed .png…). */
export const sniffImage = (head: Buffer): ImageFormat | null => {
  const type = sniffContent(head);
  return type ? (IMAGE_FORMATS[type] ?? null) : null;
};
