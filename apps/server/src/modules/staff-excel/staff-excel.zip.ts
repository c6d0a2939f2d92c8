import { promisify } from 'node:util';
import { deflateRaw as deflateRawCb } from 'node:zlib';

const deflateRaw = promisify(deflateRawCb);
const ALREADY_COMPRESSED = /\.(jpe?g|png|gif)$/i;

interface Entry {
  name: Buffer;
  crc: number;
  size: number;
  data: Buffer;
  time: number;
  date: number;
}

/** The fields a local header (from byte 6) and a central directory entry (from byte 8) both hold, in the same order. */
function writeEntryFields(header: Buffer, at: number, e: Entry, method: number, compressedSize: number): void {
  header.writeUInt16LE(0x0800, at); // UTF-8 names
  header.writeUInt16LE(method, at + 2);
  header.writeUInt16LE(e.time, at + 4);
  header.writeUInt16LE(e.date, at + 6);
  header.writeUInt32LE(e.crc, at + 8);
  header.writeUInt32LE(compressedSize, at + 12);
  header.writeUInt32LE(e.size, at + 16);
  header.writeUInt16LE(e.name.length, at + 20);
}

/**
 * Re-compresses a zip whose entries are STORED (uncompressed) with Node's native zlib.
 * ExcelJS zips through JSZip's pure-JavaScript deflate, which was most of an export's time;
 * it writes STORED entries quickly, and native deflate (on libuv's thread pool) is many times faster.
 * The CRC-32 of each entry is of the uncompressed data, so it is carried over as is.
 */
export async function recompressStoredZip(stored: Buffer, level = 6): Promise<Buffer> {
  const entries: Entry[] = [];
  let i = 0;
  while (i + 30 <= stored.length && stored.readUInt32LE(i) === 0x04034b50) {
    const flags = stored.readUInt16LE(i + 6);
    const method = stored.readUInt16LE(i + 8);
    const time = stored.readUInt16LE(i + 10);
    const date = stored.readUInt16LE(i + 12);
    const crc = stored.readUInt32LE(i + 14);
    const size = stored.readUInt32LE(i + 18);
    const nameLen = stored.readUInt16LE(i + 26);
    const extraLen = stored.readUInt16LE(i + 28);
    const name = stored.subarray(i + 30, i + 30 + nameLen);
    const start = i + 30 + nameLen + extraLen;
    if (method !== 0) throw new Error('entry is not stored');
    if (flags & 0x08) throw new Error('data descriptors are not supported');
    entries.push({ name, crc, size, data: stored.subarray(start, start + size), time, date });
    i = start + size;
    void crc;
    void size;
  }
  if (!entries.length) throw new Error('no zip entries');
  // A few at a time: every zlib stream holds a few hundred KB of state, and a card export has
  // hundreds of entries. Images are already compressed and stay stored.
  const compressed: (Buffer | null)[] = new Array(entries.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const k = next++;
      const e = entries[k]!;
      if (!ALREADY_COMPRESSED.test(e.name.toString('latin1'))) compressed[k] = await deflateRaw(e.data, { level });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  entries.forEach((e, k) => {
    const data = compressed[k] ?? e.data;
    const method = compressed[k] ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 6, e, method, data.length);
    local.writeUInt16LE(0, 28);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    writeEntryFields(dir, 8, e, method, data.length);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, e.name, data);
    central.push(dir, e.name);
    offset += 30 + e.name.length + data.length;
  });
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}
