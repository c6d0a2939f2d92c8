import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Snapshot, SnapshotBody } from '@bo/shared/schemas/gate';
import {
  deviceId,
  dequeueScans,
  enqueueScan,
  flushQueue,
  memoryStorage,
  offlineSearch,
  offlineVerdict,
  pinKey,
  pinnedKey,
  queuedScans,
  readCode,
  saveSnapshot,
  setAsideScans,
  snapshotAgeHours,
  storedSnapshot,
  verifySnapshot,
  type GateStorage,
  type PinnedKey,
  type QueuedScan,
} from './offline-store.ts';

const NOW = new Date('2026-03-15T02:00:00Z'); // 10:00 in Taipei, 2026-03-15

const b64u = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64url');

async function keyPair() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const pinned: PinnedKey = { key_id: 'k1', public_key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } };
  const sign = async (body: string, keyId = 'k1'): Promise<Snapshot> => ({
    body,
    key_id: keyId,
    signature: b64u(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(body))),
  });
  return { pinned, sign };
}

const worker = (staff_id: number, name: string) => ({
  staff_id,
  name,
  company_name: '大成營造',
  job_title: null,
  site_role: null,
  has_photo: false,
});

const body = (over: Partial<SnapshotBody> = {}): SnapshotBody => ({
  organization_id: 1,
  site_id: 7,
  site_name: '信義工地',
  generated_at: '2026-03-15T01:48:00Z',
  day: '2026-03-15',
  passes: [
    {
      pass_id: 11,
      code: 'AAAA-1111',
      serial: 1,
      worker: worker(101, '王大明'),
      on_roster: true,
      roster_from: '2026-01-01',
      roster_until: null,
      items: [
        { rule_key: 'health_check', rule_title: { 'zh-TW': '健康檢查', 'en-US': 'Health check' }, state: 'dated', due_on: '2026-12-01' },
      ],
    },
    {
      pass_id: 12,
      code: 'BBBB-2222',
      serial: 2,
      worker: worker(102, '李小華'),
      on_roster: true,
      roster_from: '2026-01-01',
      roster_until: null,
      items: [
        { rule_key: 'health_check', rule_title: { 'zh-TW': '健康檢查', 'en-US': 'Health check' }, state: 'dated', due_on: '2026-01-10' },
      ],
    },
    {
      pass_id: 13,
      code: 'CCCC-3333',
      serial: 1,
      worker: worker(103, '陳志明'),
      on_roster: true,
      roster_from: '2026-01-01',
      roster_until: '2026-03-01',
      items: [],
    },
  ],
  revoked_codes: ['DDDD-4444'],
  ...over,
});

describe('the snapshot signature', () => {
  it('accepts a snapshot signed by the pinned key, for its site', async () => {
    const { pinned, sign } = await keyPair();
    const snap = await sign(JSON.stringify(body()));
    const verified = await verifySnapshot(snap, pinned, 7);
    expect(verified?.site_name).toBe('信義工地');
    expect(verified?.passes).toHaveLength(3);
  });

  it('refuses a changed body, another key, another key id and another site', async () => {
    const { pinned, sign } = await keyPair();
    const other = await keyPair();
    const snap = await sign(JSON.stringify(body()));
    const tampered = { ...snap, body: snap.body.replace('"on_roster":false', '"on_roster":true').replace('2026-01-10', '2027-01-10') };
    expect(await verifySnapshot(tampered, pinned, 7)).toBeNull();
    expect(await verifySnapshot(snap, other.pinned, 7)).toBeNull();
    expect(await verifySnapshot({ ...snap, key_id: 'k2' }, pinned, 7)).toBeNull();
    expect(await verifySnapshot(snap, pinned, 8)).toBeNull();
    expect(await verifySnapshot({ ...snap, signature: 'not-a-signature' }, pinned, 7)).toBeNull();
  });

  it('refuses a signed body that is not a snapshot', async () => {
    const { pinned, sign } = await keyPair();
    expect(await verifySnapshot(await sign('{"site_id":7}'), pinned, 7)).toBeNull();
    expect(await verifySnapshot(await sign('not json'), pinned, 7)).toBeNull();
  });

  it('keeps the first key pinned unless told to replace it', () => {
    const s = memoryStorage();
    const a: PinnedKey = { key_id: 'a', public_key: { kty: 'EC' } };
    const b: PinnedKey = { key_id: 'b', public_key: { kty: 'EC' } };
    expect(pinKey(1, a, s)).toEqual(a);
    expect(pinKey(1, b, s)).toEqual(a);
    expect(pinnedKey(1, s)).toEqual(a);
    expect(pinnedKey(2, s)).toBeNull();
    expect(pinKey(1, b, s, true)).toEqual(b);
    expect(pinnedKey(1, s)).toEqual(b);
  });

  it('stores the snapshot per site with the time it came', async () => {
    const s = memoryStorage();
    const { sign } = await keyPair();
    const snap = await sign(JSON.stringify(body()));
    saveSnapshot(7, snap, NOW, s);
    expect(storedSnapshot(7, s)).toEqual({ snapshot: snap, fetched_at: NOW.toISOString() });
    expect(storedSnapshot(8, s)).toBeNull();
  });
});

describe('verdicts from the snapshot', () => {
  it('lets in a worker with everything in order, by typed code (with or without the dash) and by QR', () => {
    for (const code of ['AAAA-1111', 'aaaa1111', 'BOP1.AAAA1111.1.sig']) {
      const v = offlineVerdict(body(), { code }, NOW);
      expect(v.verdict, code).toBe('admit');
      expect(v.reasons).toEqual([]);
      expect(v.worker?.name).toBe('王大明');
      expect(v.pass_id).toBe(11);
    }
  });

  it('refuses an overdue item with its overdue days, on the device’s own Taipei day', () => {
    const v = offlineVerdict(body(), { code: 'BBBB-2222' }, NOW);
    expect(v.verdict).toBe('refuse');
    expect(v.reasons).toMatchObject([{ code: 'rule', rule_key: 'health_check', status: 'overdue', overdue_days: 64, blocking: true }]);
  });

  it('refuses one off the roster, an unknown code, a revoked code and an old serial', () => {
    expect(offlineVerdict(body(), { code: 'CCCC-3333' }, NOW).reasons.map((r) => r.code)).toEqual(['not_on_roster']);
    const unknown = offlineVerdict(body(), { code: 'ZZZZ-9999' }, NOW);
    expect(unknown).toMatchObject({ verdict: 'refuse', worker: null, pass_id: null });
    expect(unknown.reasons.map((r) => r.code)).toEqual(['pass_unknown']);
    expect(offlineVerdict(body(), { code: 'DDDD-4444' }, NOW).reasons.map((r) => r.code)).toEqual(['pass_revoked']);
    expect(offlineVerdict(body(), { code: 'BOP1.BBBB2222.1.sig' }, NOW).reasons.map((r) => r.code)).toEqual(['pass_revoked']);
  });

  it('checks the roster dates on the device’s day: a worker starting tomorrow goes in tomorrow', () => {
    const later = body();
    later.passes[0] = { ...later.passes[0]!, on_roster: false, roster_from: '2026-03-16' };
    expect(offlineVerdict(later, { code: 'AAAA-1111' }, NOW).reasons.map((r) => r.code)).toEqual(['not_on_roster']);
    expect(offlineVerdict(later, { code: 'AAAA-1111' }, new Date('2026-03-16T01:00:00Z')).verdict).toBe('admit');
  });

  it('finds by staff id and by name', () => {
    expect(offlineVerdict(body(), { staff_id: 101 }, NOW).verdict).toBe('admit');
    expect(offlineVerdict(body(), { staff_id: 999 }, NOW).reasons.map((r) => r.code)).toEqual(['pass_unknown']);
    expect(offlineSearch(body(), '小華').map((p) => p.worker.staff_id)).toEqual([102]);
    expect(offlineSearch(body(), '  ')).toEqual([]);
  });

  it('says on every verdict when the snapshot is more than a day old', () => {
    const old = body({ generated_at: '2026-03-14T01:00:00Z' });
    expect(snapshotAgeHours(old, NOW)).toBe(25);
    const v = offlineVerdict(old, { code: 'AAAA-1111' }, NOW);
    expect(v.verdict).toBe('admit');
    expect(v.reasons).toMatchObject([{ code: 'snapshot_stale', blocking: false, detail: '25' }]);
    expect(offlineVerdict(body(), { code: 'AAAA-1111' }, NOW).reasons).toEqual([]);
  });

  it('reads QR text and typed codes', () => {
    expect(readCode('BOP1.AAAA1111.3.xyz')).toEqual({ code: 'AAAA-1111', serial: 3 });
    expect(readCode(' aaaa-1111 ')).toEqual({ code: 'AAAA-1111', serial: null });
  });
});

describe('the offline queue', () => {
  let s: GateStorage;
  const scan = (id: string): QueuedScan => ({
    client_entry_id: id,
    code: 'AAAA-1111',
    direction: 'in',
    scanned_at: NOW.toISOString(),
    offline: true,
    snapshot_at: '2026-03-15T01:48:00Z',
    offline_verdict: 'admit',
    offline_reasons: [],
  });
  class Invalid extends Error {}
  const isInvalid = (e: unknown) => e instanceof Invalid;

  beforeEach(() => {
    s = memoryStorage();
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps scans per site, in order, each once', () => {
    expect(enqueueScan(7, scan('a'), s)).toBe(1);
    expect(enqueueScan(7, scan('b'), s)).toBe(2);
    expect(enqueueScan(7, scan('a'), s)).toBe(2);
    expect(enqueueScan(8, scan('c'), s)).toBe(1);
    expect(queuedScans(7, s).map((q) => q.client_entry_id)).toEqual(['a', 'b']);
    expect(dequeueScans(7, ['a'], s)).toBe(1);
    expect(dequeueScans(7, ['b'], s)).toBe(0);
    expect(queuedScans(7, s)).toEqual([]);
    expect(queuedScans(8, s)).toHaveLength(1);
  });

  it('sends the queue as one batch and removes what the server answered for', async () => {
    enqueueScan(7, scan('a'), s);
    enqueueScan(7, scan('b'), s);
    const sendBatch = vi.fn(async (scans: QueuedScan[]) => {
      // A scan queued while the batch is on its way stays, and goes in the next batch.
      if (sendBatch.mock.calls.length === 1) enqueueScan(7, scan('late'), s);
      return scans.map((q) => ({ client_entry_id: q.client_entry_id }));
    });
    const sendOne = vi.fn();
    const r = await flushQueue(7, { sendBatch, sendOne }, isInvalid, s);
    expect(sendBatch).toHaveBeenCalledTimes(2);
    expect(sendBatch.mock.calls[0][0].map((q) => q.client_entry_id)).toEqual(['a', 'b']);
    expect(sendBatch.mock.calls[1][0].map((q) => q.client_entry_id)).toEqual(['late']);
    expect(sendOne).not.toHaveBeenCalled();
    expect(r).toEqual({ sent: 3, left: 0, failed: false });
  });

  it('keeps everything when there is no answer, and sends it again later with the same ids', async () => {
    enqueueScan(7, scan('a'), s);
    const failing = { sendBatch: vi.fn().mockRejectedValue(new Error('offline')), sendOne: vi.fn() };
    expect(await flushQueue(7, failing, isInvalid, s)).toEqual({ sent: 0, left: 1, failed: true });
    expect(queuedScans(7, s).map((q) => q.client_entry_id)).toEqual(['a']);
    const seen: string[] = [];
    const ok = {
      sendBatch: vi.fn(async (scans: QueuedScan[]) => {
        seen.push(...scans.map((q) => q.client_entry_id));
        return scans.map((q) => ({ client_entry_id: q.client_entry_id }));
      }),
      sendOne: vi.fn(),
    };
    expect(await flushQueue(7, ok, isInvalid, s)).toEqual({ sent: 1, left: 0, failed: false });
    expect(seen).toEqual(['a']);
    expect(queuedScans(7, s)).toEqual([]);
  });

  it('runs one flush per site at a time', async () => {
    enqueueScan(7, scan('a'), s);
    let release: () => void = () => {};
    const sendBatch = vi.fn(
      (scans: QueuedScan[]) =>
        new Promise<{ client_entry_id: string }[]>((done) => {
          release = () => done(scans.map((q) => ({ client_entry_id: q.client_entry_id })));
        }),
    );
    const t = { sendBatch, sendOne: vi.fn() };
    const first = flushQueue(7, t, isInvalid, s);
    const second = flushQueue(7, t, isInvalid, s);
    expect(second).toBe(first);
    await Promise.resolve();
    release();
    await first;
    expect(sendBatch).toHaveBeenCalledTimes(1);
  });

  it('sends a batch the server refuses one by one and sets aside only the refused scan', async () => {
    enqueueScan(7, scan('a'), s);
    enqueueScan(7, scan('bad'), s);
    enqueueScan(7, scan('c'), s);
    const t = {
      sendBatch: vi.fn().mockRejectedValue(new Invalid()),
      sendOne: vi.fn(async (q: QueuedScan) => {
        if (q.client_entry_id === 'bad') throw new Invalid();
        return {};
      }),
    };
    const r = await flushQueue(7, t, isInvalid, s);
    expect(t.sendOne.mock.calls.map(([q]) => q.client_entry_id)).toEqual(['a', 'bad', 'c']);
    expect(r).toEqual({ sent: 2, left: 0, failed: false });
    expect(queuedScans(7, s)).toEqual([]);
    expect(setAsideScans(7, s).map((q) => q.client_entry_id)).toEqual(['bad']);
  });
});

describe('the device id', () => {
  it('is made once and kept', () => {
    const s = memoryStorage();
    const id = deviceId(s);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceId(s)).toBe(id);
  });
});
