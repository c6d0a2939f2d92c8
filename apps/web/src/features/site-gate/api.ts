import { FINGERPRINT_HEADER } from '@bo/shared/messages';
import type { Entry, GateWorker, ScanResult, Snapshot } from '@bo/shared/schemas/gate';
import { ApiError, toQuery } from '../../lib/api-client.ts';
import { fingerprint } from '../../lib/fingerprint.ts';
import { getActiveOrganizationId } from '../../lib/organization-store.ts';
import { getToken } from '../../lib/token-store.ts';
import { deviceId, type PinnedKey, type QueuedScan } from './offline-store.ts';

/**
 * The gate's calls (modules/site-gate on the server). Not through lib/api-client: every call carries the
 * device header `x-gate-device`, and a call that gets no answer must be told apart from a refusal, since
 * the screen then answers from its snapshot. No progress bar: the screen is the progress.
 */
export const GATE_BASE = '/api/admin/organization/gate';

/** No answer: offline, or the connection failed on the way. */
export class GateOffline extends Error {
  constructor() {
    super('offline');
    this.name = 'GateOffline';
  }
}

export const isOffline = (e: unknown): boolean => e instanceof GateOffline;
/** The server refused the input itself (sending it again would be refused again). */
export const isInvalid = (e: unknown): boolean => e instanceof ApiError && (e.status === 400 || e.status === 422 || e.status === 404);

function headers(json: boolean): Record<string, string> {
  const token = getToken();
  return {
    [FINGERPRINT_HEADER]: fingerprint(),
    accept: 'application/json',
    'x-gate-device': deviceId(),
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

type ErrorBody = { message?: string; errors?: Record<string, string[]> };

async function send(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, timeoutMs = 8_000): Promise<Response> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new GateOffline();
  const organization_id = getActiveOrganizationId();
  const url = method === 'GET' ? `${path}${toQuery({ ...body, organization_id })}` : path;
  // A gate answers in a second: a call that hangs (one bar of signal) is treated as no answer.
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: headers(method !== 'GET'),
      body: method === 'GET' ? undefined : JSON.stringify({ ...body, organization_id }),
      signal,
    });
  } catch {
    throw new GateOffline();
  }
  if (!res.ok) {
    let parsed: ErrorBody | null = null;
    try {
      parsed = (await res.json()) as ErrorBody;
    } catch {
      parsed = null;
    }
    throw new ApiError(res.status, parsed?.message ?? `HTTP ${res.status}`, parsed?.errors, parsed);
  }
  return res;
}

const json = async <T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, timeoutMs?: number): Promise<T> =>
  (await (await send(method, path, body, timeoutMs)).json()) as T;

export interface GateSite {
  id: number;
  name: string;
  address: string | null;
  status: string;
}
export type FoundWorker = GateWorker & { pass_id: number | null; code: string | null };

export const gateApi = {
  sites: () => json<{ data: GateSite[] }>('GET', `${GATE_BASE}/sites`),
  key: () => json<PinnedKey>('GET', `${GATE_BASE}/key`),
  snapshot: (siteId: number) => json<Snapshot>('GET', `${GATE_BASE}/sites/${siteId}/snapshot`, undefined, 20_000),
  workers: (siteId: number, keyword: string) => json<{ data: FoundWorker[] }>('GET', `${GATE_BASE}/sites/${siteId}/workers`, { keyword }),
  /** A scan unanswered in 3 s is answered from the snapshot and queued (its client_entry_id keeps it single if it did arrive). */
  scan: (siteId: number, scan: QueuedScan, timeoutMs = 3_000) =>
    json<ScanResult>('POST', `${GATE_BASE}/sites/${siteId}/scans`, scan, timeoutMs),
  batch: (siteId: number, scans: QueuedScan[]) =>
    json<{ data: ScanResult[] }>('POST', `${GATE_BASE}/sites/${siteId}/scans/batch`, { scans }, 30_000),
  override: (siteId: number, entryId: number, reason: string) =>
    json<Entry>('POST', `${GATE_BASE}/sites/${siteId}/entries/${entryId}/override`, { reason }),
  /** The worker's photo as an object URL (the caller revokes it), or null when there is none. */
  async photo(siteId: number, staffId: number): Promise<string | null> {
    const res = await send('GET', `${GATE_BASE}/sites/${siteId}/workers/${staffId}/photo`);
    return URL.createObjectURL(await res.blob());
  },
};
