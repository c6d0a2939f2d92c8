import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  EDIT_LEASE_HEARTBEAT_MS,
  EDIT_LEASE_TTL_MS,
  editLeaseListResponse,
  editLeaseResponse,
  type EditLeaseState,
  type OtherLease,
} from '@bo/shared/schemas/edit-leases';
import { api } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

export const EDIT_LEASES_PATH = '/api/admin/edit-leases';
/** A test's (or a demo's) shorter heartbeat, in ms: the browser flows set it before the app loads. */
export const EDIT_LEASE_POLL_KEY = 'app_edit_lease_poll_ms';
/** A test's shorter idle time, in ms, after which an untouched form lets its lease go. */
export const EDIT_LEASE_IDLE_KEY = 'app_edit_lease_idle_ms';
/** What counts as the user working on the form (a scroll or a glance does not). */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'input', 'paste', 'drop'] as const;

/** The record a form edits, named as the audit names it (packages/shared/src/audit-actions.ts). */
export interface EditLeaseTarget {
  targetType: string;
  id: number | string | null | undefined;
  /** The record belongs to the active organization (its calls carry organization_id). */
  organization?: boolean;
}

export function editLeasePollMs(): number {
  const set = Number(storage.get(EDIT_LEASE_POLL_KEY));
  return Number.isFinite(set) && set >= 200 ? set : EDIT_LEASE_HEARTBEAT_MS;
}

/** A form nobody touched for this long lets its lease go: others stop seeing 「正在編輯」 (issue 36: 5 minutes). */
export function editLeaseIdleMs(): number {
  const set = Number(storage.get(EDIT_LEASE_IDLE_KEY));
  return Number.isFinite(set) && set >= 200 ? set : EDIT_LEASE_TTL_MS;
}

export interface EditLease {
  /** Other admins editing the record now. */
  others: OtherLease[];
  /** Another admin took the editing over from this form. */
  takenOver: EditLeaseState['taken_over'];
  takeOver(): Promise<void>;
  /** The record was saved: the lease ends (the server ends it too) until the user edits again. */
  saved(): void;
  /** The user changed something: a lease ended by a save is taken again. */
  touched(): void;
}

const idOf = (t: EditLeaseTarget | null) => (t && t.id !== null && t.id !== undefined && String(t.id) !== '' ? String(t.id) : null);

/**
 * Issue 36 section 2: while a form is open on a record it holds an edit lease, renewed every minute
 * (EDIT_LEASE_HEARTBEAT_MS) while the user works on it, and learns who else is editing; leaving the form
 * ends it, and so do 5 minutes without a key or a click (a form left open for hours does not say
 * 「正在編輯」 forever). After a save, a take-over by someone else or an idle spell the form only watches
 * (the list call); the user's next edit (or key or click, when idle) takes the lease again.
 * A lease is a courtesy: a failed call changes nothing on the form (the version check protects the save).
 */
export function useEditLease(target: EditLeaseTarget | null): EditLease {
  const targetType = target?.targetType ?? '';
  const id = idOf(target);
  const organization = !!target?.organization;
  const [state, setState] = useState<{ others: OtherLease[]; takenOver: EditLeaseState['taken_over'] }>({ others: [], takenOver: null });
  /**
   * 'holding': heartbeats renew the lease; 'watching': after a save or a take-over, only the others are read;
   * 'idle': the lease was let go after EDIT_LEASE_IDLE_MS untouched, taken again on the next key or click.
   */
  const mode = useRef<'holding' | 'watching' | 'idle'>('holding');
  const lastActive = useRef(Date.now());
  const tick = useRef<() => Promise<void>>(async () => {});

  const body = useCallback(() => ({ target_type: targetType, target_id: id }), [targetType, id]);
  const opts = useMemo(() => ({ organization, silent: true }), [organization]);

  useEffect(() => {
    if (!id) return;
    let live = true;
    mode.current = 'holding';
    lastActive.current = Date.now();
    setState({ others: [], takenOver: null });
    const apply = (answer: unknown) => {
      const parsed = editLeaseResponse.safeParse(answer);
      if (!live || !parsed.success) return;
      const s = parsed.data;
      if (s.taken_over) mode.current = 'watching';
      setState((prev) => ({ others: s.others, takenOver: s.taken_over ?? (mode.current === 'watching' ? prev.takenOver : null) }));
    };
    const beat = async () => {
      try {
        if (mode.current === 'holding' && Date.now() - lastActive.current >= editLeaseIdleMs()) {
          mode.current = 'idle';
          await api.delete(EDIT_LEASES_PATH, body(), opts);
        }
        if (mode.current === 'holding') apply(await api.post<unknown>(EDIT_LEASES_PATH, body(), opts));
        else {
          const list = editLeaseListResponse.safeParse(
            await api.get<unknown>(EDIT_LEASES_PATH, { target_type: targetType, ids: id }, opts),
          );
          if (live && list.success)
            setState((prev) => ({ ...prev, others: list.data.data.map((l) => ({ admin: l.admin, since: l.since })) }));
        }
      } catch {
        /* a lease is a courtesy: the form works without one */
      }
    };
    tick.current = beat;
    void beat();
    const timer = setInterval(() => void beat(), editLeasePollMs());
    const active = () => {
      lastActive.current = Date.now();
      if (mode.current !== 'idle') return;
      mode.current = 'holding';
      void beat();
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, active, { capture: true, passive: true });
    const end = () => {
      if (mode.current === 'holding') void api.delete(EDIT_LEASES_PATH, body(), { ...opts, keepalive: true }).catch(() => undefined);
    };
    // A closed tab or window unmounts nothing: its lease ends as it goes, not five minutes later.
    window.addEventListener('pagehide', end);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', end);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, active, { capture: true });
      end();
    };
  }, [id, targetType, body, opts]);

  const takeOver = async () => {
    if (!id) return;
    const s = editLeaseResponse.parse(await api.post<unknown>(`${EDIT_LEASES_PATH}/take-over`, body(), opts));
    mode.current = 'holding';
    setState({ others: s.others, takenOver: null });
  };
  const saved = () => {
    if (!id || mode.current !== 'holding') return;
    mode.current = 'watching';
    void api.delete(EDIT_LEASES_PATH, body(), opts).catch(() => undefined);
  };
  const touched = () => {
    lastActive.current = Date.now();
    if (!id || mode.current === 'holding' || state.takenOver) return;
    mode.current = 'holding';
    void tick.current();
  };
  return { others: state.others, takenOver: state.takenOver, takeOver, saved, touched };
}
