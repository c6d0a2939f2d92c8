/**
 * The company's stored files (issue 40) in the app's local storage layout, DATA_DIR/storage/<key>
 * (lib/storage/create-storage.ts): certificate and evidence scans under staff/<org>/…, photo variants
 * under public/photos/<uid>/<size>.<ext>. Hundreds of thousands of objects of a few kinds: each is a
 * hard link to one real file of its kind (a new one every 60,000 links, below ext4's limit), so the
 * server reads, serves and deletes them as any other object and the disk holds a few files.
 */
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LOCAL_STORAGE_FOLDER } from '../../apps/server/src/lib/storage/create-storage.ts';
import { loadSharp } from '../../apps/server/src/lib/images/load-sharp.ts';

const LINKS_PER_FILE = 60_000;

/** A one-page PDF: what a scanned certificate is stored as. */
const SCAN_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface StoredFiles {
  /** Stores an object of `kind` at `key` (a link to that kind's file); answers its size in bytes. */
  put(kind: FileKind, key: string): number;
  readonly count: number;
}

export type FileKind = 'scan' | 'photo-jpg' | 'photo-webp' | 'tiny-jpg' | 'tiny-webp';

/** The photos' variants: every size but tiny is the 320 × 240 original (never upscaled), tiny is 160 × 120. */
export const PHOTO_WIDTH = 320;
export const PHOTO_HEIGHT = 240;

async function kindBodies(): Promise<Record<FileKind, Buffer>> {
  const sharp = await loadSharp();
  const image = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: 120, g: 140, b: 160 } } }).composite([
      {
        input: Buffer.from(
          `<svg width="${w}" height="${h}"><rect x="${w / 8}" y="${h / 3}" width="${w / 2}" height="${h / 2}" fill="#c83"/></svg>`,
        ),
      },
    ]);
  return {
    scan: SCAN_PDF,
    'photo-jpg': await image(PHOTO_WIDTH, PHOTO_HEIGHT).jpeg({ quality: 70 }).toBuffer(),
    'photo-webp': await image(PHOTO_WIDTH, PHOTO_HEIGHT).webp({ quality: 70 }).toBuffer(),
    'tiny-jpg': await image(160, 120).jpeg({ quality: 70 }).toBuffer(),
    'tiny-webp': await image(160, 120).webp({ quality: 70 }).toBuffer(),
  };
}

export async function storedFiles(dataDir: string): Promise<StoredFiles> {
  const root = join(dataDir, LOCAL_STORAGE_FOLDER);
  const sources = join(dataDir, 'bench-seed-sources');
  mkdirSync(sources, { recursive: true });
  const bodies = await kindBodies();
  const uses = new Map<FileKind, { file: string; links: number; generation: number }>();
  const made = new Set<string>();
  let count = 0;
  return {
    get count() {
      return count;
    },
    put(kind, key) {
      let u = uses.get(kind);
      if (!u || u.links >= LINKS_PER_FILE) {
        const generation = (u?.generation ?? -1) + 1;
        const file = join(sources, `${kind}-${generation}`);
        writeFileSync(file, bodies[kind]);
        u = { file, links: 0, generation };
        uses.set(kind, u);
      }
      const target = join(root, key);
      const dir = dirname(target);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      linkSync(u.file, target);
      u.links++;
      count++;
      return bodies[kind].length;
    },
  };
}
