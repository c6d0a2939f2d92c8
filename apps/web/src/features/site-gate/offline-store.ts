import { todayInTaipei } from '@bo/shared/dates';
import { gateVerdict } from '@bo/shared/gate/verdict';
import {
  normalizePassCode,
  PASS_QR_PREFIX,
  snapshotBodySchema,
  type GateReason,
  type GateWorker,
  type ScanInput,
  type Snapshot,
  type SnapshotBody,
  type SnapshotPass,
} from '@bo/shared/schemas/gate';

/**
 * The gate screen's offline side (issue 39 point 3): the signed snapshot of a site's roster and due items,
 * checked against the public key pinned when the screen first loaded; verdicts from it with the server's
 * own `gateVerdict()`; and the queue of scans made without a connection, sent when back. Kept in
 * localStorage, one key per site (a snapshot of a few hundred workers is tens of kilobytes).
 */

/** Where the store keeps things: localStorage in the app, a Map in tests. */
export interface GateStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const KEY = {
  device: 'bo_gate_device',
  lastSite: 'bo_gate_last_site',
  pinnedKey: (organizationId: number) => `bo_gate_key_${organizationId}`,
  snapshot: (siteId: number) => `bo_gate_snapshot_${siteId}`,
  queue: (siteId: number) => `bo_gate_queue_${siteId}`,
  rejected: (siteId: number) => `bo_gate_rejected_${siteId}`,
};

export const memoryStorage = (): GateStorage => {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
};

const browserStorage = (): GateStorage => {
  try {
    if (globalThis.localStorage) return globalThis.localStorage;
  } catch {
    /* blocked storage: the screen still works online */
  }
  return memoryStorage();
};

const readJson = <T>(s: GateStorage, key: string): T | null => {
  const text = s.getItem(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

// ── Device and last site ──────────────────────────────────────────────────

/** A stable id of this gate device, sent as `x-gate-device` on every gate call. */
export function deviceId(s: GateStorage = browserStorage()): string {
  let id = s.getItem(KEY.device);
  if (!id || id.length < 8) {
    id = crypto.randomUUID();
    s.setItem(KEY.device, id);
  }
  return id;
}

export const lastSite = (s: GateStorage = browserStorage()): number | null => {
  const n = Number(s.getItem(KEY.lastSite));
  return Number.isInteger(n) && n > 0 ? n : null;
};
export const rememberSite = (siteId: number, s: GateStorage = browserStorage()): void => s.setItem(KEY.lastSite, String(siteId));

// ── The pinned key and the signed snapshot ────────────────────────────────

export interface PinnedKey {
  key_id: string;
  public_key: Record<string, unknown>;
}

/**
 * Pins the organization's key: the first one seen is kept, and a later one replaces it only with
 * `replace` (the server's key changed with its secret, and its fresh snapshot verified under the new key).
 */
export function pinKey(organizationId: number, key: PinnedKey, s: GateStorage = browserStorage(), replace = false): PinnedKey {
  const pinned = readJson<PinnedKey>(s, KEY.pinnedKey(organizationId));
  if (!replace && pinned?.key_id && pinned.public_key) return pinned;
  s.setItem(KEY.pinnedKey(organizationId), JSON.stringify(key));
  return key;
}
export const pinnedKey = (organizationId: number, s: GateStorage = browserStorage()): PinnedKey | null =>
  readJson<PinnedKey>(s, KEY.pinnedKey(organizationId));

const fromBase64Url = (v: string): Uint8Array<ArrayBuffer> => {
  const b64 = v.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) out[i] = bin.charCodeAt(i);
  return out;
};

/**
 * The snapshot's body when its ECDSA P-256 signature (IEEE P1363 r||s, base64url, over the body's UTF-8)
 * verifies with the pinned key and it is for this site; null otherwise (a snapshot that fails is not used).
 */
export async function verifySnapshot(snapshot: Snapshot, key: PinnedKey, siteId: number): Promise<SnapshotBody | null> {
  try {
    if (snapshot.key_id !== key.key_id) return null;
    const { kty, crv, x, y } = key.public_key as { kty?: string; crv?: string; x?: string; y?: string };
    const publicKey = await crypto.subtle.importKey('jwk', { kty, crv, x, y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      fromBase64Url(snapshot.signature),
      new TextEncoder().encode(snapshot.body),
    );
    if (!ok) return null;
    const body = snapshotBodySchema.safeParse(JSON.parse(snapshot.body));
    return body.success && body.data.site_id === siteId ? body.data : null;
  } catch {
    return null;
  }
}

export interface StoredSnapshot {
  snapshot: Snapshot;
  /** When this device received it. */
  fetched_at: string;
}

export const saveSnapshot = (siteId: number, snapshot: Snapshot, now = new Date(), s: GateStorage = browserStorage()): void =>
  s.setItem(KEY.snapshot(siteId), JSON.stringify({ snapshot, fetched_at: now.toISOString() } satisfies StoredSnapshot));

export const storedSnapshot = (siteId: number, s: GateStorage = browserStorage()): StoredSnapshot | null =>
  readJson<StoredSnapshot>(s, KEY.snapshot(siteId));

/** Hours since the snapshot was made (its `generated_at`), never negative. */
export const snapshotAgeHours = (body: Pick<SnapshotBody, 'generated_at'>, now = new Date()): number =>
  Math.max(0, (now.getTime() - Date.parse(body.generated_at)) / 3_600_000);

// ── Verdicts from the snapshot ────────────────────────────────────────────

export type OfflineLookup = { code: string } | { staff_id: number };

/** The pass code a scanned or typed text names: `BOP1.<code>.<serial>.<sig>` or the printed XXXX-XXXX. */
export function readCode(text: string): { code: string; serial: number | null } {
  const t = text.trim();
  if (t.toUpperCase().startsWith(`${PASS_QR_PREFIX}.`)) {
    const [, code = '', serial = ''] = t.split('.');
    const n = Number(serial);
    return { code: normalizePassCode(code), serial: Number.isInteger(n) ? n : null };
  }
  return { code: normalizePassCode(t), serial: null };
}

export interface OfflineVerdict {
  verdict: 'admit' | 'refuse';
  reasons: GateReason[];
  worker: GateWorker | null;
  pass_id: number | null;
}

/** The verdict the snapshot gives for a scan on `now`'s Taipei day, by the same function the server uses. */
export function offlineVerdict(body: SnapshotBody, lookup: OfflineLookup, now = new Date()): OfflineVerdict {
  let pass: SnapshotPass | undefined;
  let state: 'current' | 'revoked' | 'unknown' = 'unknown';
  if ('code' in lookup) {
    const { code, serial } = readCode(lookup.code);
    pass = body.passes.find((p) => p.code === code);
    if (body.revoked_codes.includes(code) || (pass && serial !== null && serial !== pass.serial)) state = 'revoked';
    else if (pass) state = 'current';
  } else {
    pass = body.passes.find((p) => p.worker.staff_id === lookup.staff_id);
    state = pass ? 'current' : 'unknown';
  }
  const { verdict, reasons } = gateVerdict({
    today: todayInTaipei(now),
    pass: state,
    // The roster row's dates, checked against the device's own day (a worker starting tomorrow goes in tomorrow).
    roster: pass?.roster_from
      ? { starts_on: pass.roster_from, ends_on: pass.roster_until }
      : pass?.on_roster
        ? { starts_on: '0001-01-01', ends_on: pass.roster_until }
        : null,
    site_open: true,
    items: state === 'current' && pass ? pass.items : [],
    snapshot_age_hours: snapshotAgeHours(body, now),
  });
  return { verdict, reasons, worker: state === 'unknown' ? null : (pass?.worker ?? null), pass_id: pass?.pass_id ?? null };
}

/** Workers of the snapshot whose name contains the keyword (find by name without a connection), at most 20. */
export const offlineSearch = (body: SnapshotBody, keyword: string): SnapshotPass[] => {
  const k = keyword.trim().toLowerCase();
  return k ? body.passes.filter((p) => p.worker.name.toLowerCase().includes(k)).slice(0, 20) : [];
};

// ── The queue of offline scans ────────────────────────────────────────────

/** A scan made offline, as POST …/scans/batch takes it. */
export type QueuedScan = ScanInput & { client_entry_id: string; scanned_at: string };

export const queuedScans = (siteId: number, s: GateStorage = browserStorage()): QueuedScan[] =>
  readJson<QueuedScan[]>(s, KEY.queue(siteId)) ?? [];

export function enqueueScan(siteId: number, scan: QueuedScan, s: GateStorage = browserStorage()): number {
  const queue = queuedScans(siteId, s);
  if (!queue.some((q) => q.client_entry_id === scan.client_entry_id)) queue.push(scan);
  s.setItem(KEY.queue(siteId), JSON.stringify(queue));
  return queue.length;
}

/** Drops the scans the server answered for (read again: scans queued while the batch was on its way stay). */
export function dequeueScans(siteId: number, ids: readonly string[], s: GateStorage = browserStorage()): number {
  const done = new Set(ids);
  const queue = queuedScans(siteId, s).filter((q) => !done.has(q.client_entry_id));
  if (queue.length) s.setItem(KEY.queue(siteId), JSON.stringify(queue));
  else s.removeItem(KEY.queue(siteId));
  return queue.length;
}

/** Scans the server refused as invalid (400): kept aside, never sent again, shown to the keeper. */
export function setAside(siteId: number, scans: readonly QueuedScan[], s: GateStorage = browserStorage()): void {
  const kept = readJson<QueuedScan[]>(s, KEY.rejected(siteId)) ?? [];
  s.setItem(KEY.rejected(siteId), JSON.stringify([...kept, ...scans]));
}
export const setAsideScans = (siteId: number, s: GateStorage = browserStorage()): QueuedScan[] =>
  readJson<QueuedScan[]>(s, KEY.rejected(siteId)) ?? [];

/** What sending the queue needs from the network: the batch call, and the single call to find a bad scan. */
export interface QueueTransport {
  sendBatch(scans: QueuedScan[]): Promise<{ client_entry_id: string }[]>;
  sendOne(scan: QueuedScan): Promise<unknown>;
}

/** Whether an error is the server refusing the input (as opposed to no answer or a failure to retry). */
export type IsInvalid = (e: unknown) => boolean;

const BATCH = 500;
const sending = new Map<number, Promise<FlushResult>>();

export interface FlushResult {
  sent: number;
  left: number;
  /** No answer (still offline) or a server failure: tried again later. */
  failed: boolean;
}

/**
 * Sends the site's queue (500 at a time, in scan order) and removes each scan only once the server has
 * answered for it. A batch refused as invalid is sent one by one, and the scans refused alone are set
 * aside. Every scan carries its client_entry_id, so one sent twice (a lost answer) counts once.
 * One flush per site at a time: a second call while one runs gets the same promise.
 */
export function flushQueue(
  siteId: number,
  transport: QueueTransport,
  isInvalid: IsInvalid,
  s: GateStorage = browserStorage(),
): Promise<FlushResult> {
  const running = sending.get(siteId);
  if (running) return running;
  const run = (async (): Promise<FlushResult> => {
    let sent = 0;
    for (;;) {
      const batch = queuedScans(siteId, s).slice(0, BATCH);
      if (!batch.length) return { sent, left: 0, failed: false };
      try {
        const answered = await transport.sendBatch(batch);
        const ids = answered.map((a) => a.client_entry_id);
        // An answer naming none of them would loop: treat the batch as answered as a whole.
        dequeueScans(siteId, ids.length ? ids : batch.map((b) => b.client_entry_id), s);
        sent += batch.length;
      } catch (e) {
        if (!isInvalid(e)) return { sent, left: queuedScans(siteId, s).length, failed: true };
        for (const scan of batch) {
          try {
            await transport.sendOne(scan);
            sent += 1;
          } catch (one) {
            if (!isInvalid(one)) return { sent, left: queuedScans(siteId, s).length, failed: true };
            setAside(siteId, [scan], s);
          }
          dequeueScans(siteId, [scan.client_entry_id], s);
        }
      }
    }
  })().finally(() => sending.delete(siteId));
  sending.set(siteId, run);
  return run;
}
