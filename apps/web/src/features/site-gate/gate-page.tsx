import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Alert from 'antd/es/alert';
import AntApp from 'antd/es/app';
import { ROLES } from '@bo/shared/permissions';
import type { SnapshotBody } from '@bo/shared/schemas/gate';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/api-client.ts';
import { useActiveOrganization, useSession } from '../../lib/session.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { useUnsavedChanges } from '../../lib/unsaved-changes.ts';
import { gateApi, isInvalid, isOffline, type FoundWorker } from './api.ts';
import {
  enqueueScan,
  flushQueue,
  offlineSearch,
  offlineVerdict,
  pinKey,
  pinnedKey,
  queuedScans,
  rememberSite,
  saveSnapshot,
  setAsideScans,
  snapshotAgeHours,
  storedSnapshot,
  verifySnapshot,
  type OfflineLookup,
  type QueuedScan,
} from './offline-store.ts';
import { GateCamera } from './gate-camera.tsx';
import { GateVerdictView, type ShownVerdict } from './gate-verdict.tsx';
import { playVerdict, unlockAudio } from './gate-sound.ts';
import './i18n.ts';
import './site-gate.css';

/** How often the snapshot is fetched again while online, and the queue retried. */
const REFRESH_MS = 5 * 60_000;
const RETRY_MS = 20_000;

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

type SnapshotState = { status: 'none' } | { status: 'bad' } | { status: 'ok'; body: SnapshotBody };

/**
 * /admin/gate/:siteId, the gate keeper's phone screen (issue 39 points 2 and 3): scan with the camera,
 * type the pass code or find the worker by name; the verdict fills the screen. Without a connection it
 * answers from the site's signed snapshot and queues the scans, sent once back online.
 */
export default function GatePage() {
  const { t } = useTranslation('site-gate');
  const siteId = Number(useParams().siteId);
  const { can } = useSession();
  const { organization } = useActiveOrganization();
  const organizationId = organization?.id ?? null;
  const online = useOnline();
  const now = useNow(30_000);
  const [snapshot, setSnapshot] = useState<SnapshotState>({ status: 'none' });
  const [queued, setQueued] = useState(() => queuedScans(siteId).length);
  const { modal } = AntApp.useApp();
  // Queued entries live on this device: only signing out (which clears its storage) would lose them.
  const confirmSignOut = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('leave.title'),
          content: t('leave.content', { count: queuedScans(siteId).length }),
          okText: t('leave.ok'),
          cancelText: t('leave.stay'),
          okButtonProps: { danger: true },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t, siteId],
  );
  useUnsavedChanges(queued > 0, { confirm: confirmSignOut, lostOnlyOnSignOut: true });
  const [setAside, setSetAside] = useState(() => setAsideScans(siteId).length);
  const [shown, setShown] = useState<ShownVerdict | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<FoundWorker[] | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const snapshotRef = useRef<SnapshotBody | null>(null);
  snapshotRef.current = snapshot.status === 'ok' ? snapshot.body : null;

  useEffect(() => {
    if (Number.isInteger(siteId) && siteId > 0) rememberSite(siteId);
  }, [siteId]);

  const countQueue = useCallback(() => {
    setQueued(queuedScans(siteId).length);
    setSetAside(setAsideScans(siteId).length);
  }, [siteId]);

  const flush = useCallback(async () => {
    if (!queuedScans(siteId).length) return;
    await flushQueue(
      siteId,
      {
        sendBatch: async (scans) => (await gateApi.batch(siteId, scans)).data.map((r) => ({ client_entry_id: r.entry.client_entry_id })),
        sendOne: (scan) => gateApi.scan(siteId, scan, 15_000),
      },
      isInvalid,
    );
    countQueue();
  }, [siteId, countQueue]);

  // The stored snapshot first (checked again against the pinned key), then a fresh one when online.
  const refresh = useCallback(async () => {
    if (organizationId === null) return;
    const stored = storedSnapshot(siteId);
    const pinned = pinnedKey(organizationId);
    if (stored && pinned && !snapshotRef.current) {
      const body = await verifySnapshot(stored.snapshot, pinned, siteId);
      setSnapshot(body ? { status: 'ok', body } : { status: 'bad' });
    }
    try {
      const serverKey = await gateApi.key();
      const pinned = pinnedKey(organizationId) ?? pinKey(organizationId, serverKey);
      const fresh = await gateApi.snapshot(siteId);
      let body = await verifySnapshot(fresh, pinned, siteId);
      if (!body && serverKey.key_id !== pinned.key_id) {
        // The server's key changed with its secret: the new one is pinned once its own snapshot verifies.
        body = await verifySnapshot(fresh, serverKey, siteId);
        if (body) pinKey(organizationId, serverKey, undefined, true);
      }
      if (body) {
        saveSnapshot(siteId, fresh);
        setSnapshot({ status: 'ok', body });
      } else if (!snapshotRef.current) setSnapshot({ status: 'bad' });
    } catch {
      /* offline or refused: the stored snapshot stays */
    }
  }, [organizationId, siteId]);

  useEffect(() => {
    void refresh().then(flush);
    const refreshTimer = setInterval(() => void refresh(), REFRESH_MS);
    const retryTimer = setInterval(() => void flush(), RETRY_MS);
    const back = () => void flush().then(refresh);
    window.addEventListener('online', back);
    return () => {
      clearInterval(refreshTimer);
      clearInterval(retryTimer);
      window.removeEventListener('online', back);
    };
  }, [refresh, flush]);

  const show = useCallback((v: ShownVerdict) => {
    setShown(v);
    playVerdict(v.admitted ? 'admit' : 'refuse');
  }, []);

  const scan = useCallback(
    async (lookup: OfflineLookup) => {
      setFailure(null);
      const item: QueuedScan = {
        client_entry_id: crypto.randomUUID(),
        ...lookup,
        direction: 'in',
        scanned_at: new Date().toISOString(),
      };
      setBusy(true);
      try {
        const r = await gateApi.scan(siteId, item);
        show({
          verdict: r.verdict,
          admitted: r.entry.admitted,
          reasons: r.reasons,
          worker: r.worker,
          offline: false,
          entryId: r.entry.id,
          duplicate: r.duplicate,
        });
      } catch (e) {
        const body = snapshotRef.current;
        if (isOffline(e) && body) {
          const v = offlineVerdict(body, lookup);
          enqueueScan(siteId, {
            ...item,
            offline: true,
            snapshot_at: body.generated_at,
            offline_verdict: v.verdict,
            offline_reasons: v.reasons,
          });
          countQueue();
          show({ ...v, admitted: v.verdict === 'admit', offline: true, entryId: null, duplicate: false });
        } else setFailure(isOffline(e) ? t('screen.snapshotNone') : errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [siteId, show, countQueue, t],
  );

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    unlockAudio();
    if (!code.trim()) return;
    void scan({ code: code.trim() });
    setCode('');
  };

  const search = async (e: FormEvent) => {
    e.preventDefault();
    unlockAudio();
    const k = keyword.trim();
    if (!k) return;
    try {
      setFound((await gateApi.workers(siteId, k)).data);
    } catch (err) {
      const body = snapshotRef.current;
      if (isOffline(err) && body) setFound(offlineSearch(body, k).map((p) => ({ ...p.worker, pass_id: p.pass_id, code: p.code })));
      else setFailure(errorText(err));
    }
  };

  const dismiss = useCallback(() => {
    setShown(null);
    setFound(null);
    setKeyword('');
    setTimeout(() => codeInput.current?.focus(), 0);
  }, []);

  const body = snapshot.status === 'ok' ? snapshot.body : null;
  const ageHours = body ? snapshotAgeHours(body, now) : null;
  const age = (h: number) => {
    const minutes = Math.floor(h * 60);
    if (minutes < 1) return t('age.now');
    if (minutes < 60) return t('age.minutes', { count: minutes });
    if (h < 48) return t('age.hours', { count: Math.floor(h) });
    return t('age.days', { count: Math.floor(h / 24) });
  };

  return (
    <div className="page gate-screen">
      <PageHeader
        title={body?.site_name}
        extra={
          <Link to="/admin/gate?pick=1" className="gate-switch">
            {t('screen.switchSite')}
          </Link>
        }
      />
      <div className="gate-status" data-testid="gate-status">
        <Tag color={online ? 'green' : 'red'} data-testid="gate-online">
          {online ? t('screen.online') : t('screen.offline')}
        </Tag>
        <span data-testid="gate-snapshot-age">
          {ageHours !== null
            ? t('screen.snapshotAge', { age: age(ageHours) })
            : snapshot.status === 'bad'
              ? t('screen.snapshotBad')
              : t('screen.snapshotNone')}
        </span>
        {queued ? (
          <Tag color="orange" data-testid="gate-queued">
            {t('screen.queued', { count: queued })}
          </Tag>
        ) : null}
        {setAside ? <Tag color="red">{t('screen.setAside', { count: setAside })}</Tag> : null}
      </div>
      {ageHours !== null && ageHours >= 24 ? <Alert type="warning" showIcon message={t('screen.snapshotStale')} /> : null}

      <GateCamera onCode={(text) => void scan({ code: text })} paused={!!shown || busy} />

      <form className="gate-form" onSubmit={submitCode}>
        <label htmlFor="gate-code">{t('screen.codeLabel')}</label>
        <div className="gate-form-row">
          <Input
            id="gate-code"
            ref={(el) => {
              codeInput.current = el?.input ?? null;
            }}
            size="large"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={t('screen.codePlaceholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            data-testid="gate-code"
          />
          <Button size="large" type="primary" htmlType="submit" loading={busy} data-testid="gate-check">
            {t('screen.check')}
          </Button>
        </div>
      </form>

      <form className="gate-form" onSubmit={(e) => void search(e)}>
        <label htmlFor="gate-name">{t('screen.nameLabel')}</label>
        <div className="gate-form-row">
          <Input
            id="gate-name"
            size="large"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('screen.namePlaceholder')}
            autoComplete="off"
          />
          <Button size="large" htmlType="submit">
            {t('screen.search')}
          </Button>
        </div>
      </form>
      {found ? (
        found.length ? (
          <ul className="gate-found">
            {found.map((w) => (
              <li key={w.staff_id}>
                <Button
                  block
                  size="large"
                  onClick={() => void scan({ staff_id: w.staff_id })}
                  aria-label={t('screen.pick', { name: w.name })}
                >
                  <span className="gate-found-name">{w.name}</span>
                  <span className="gate-found-company">{w.company_name}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('screen.noMatch')}</p>
        )
      ) : null}
      {failure ? <Alert type="error" showIcon message={t('screen.failed', { message: failure })} /> : null}

      {shown ? (
        <GateVerdictView
          key={`${shown.entryId ?? ''}-${shown.worker?.staff_id ?? ''}-${String(shown.offline)}`}
          siteId={siteId}
          shown={shown}
          lang={currentLanguage()}
          canOverride={can(ROLES.gateOverride)}
          onOverridden={(entryAdmitted) => setShown((s) => (s ? { ...s, admitted: entryAdmitted, overridden: true } : s))}
          onDone={dismiss}
        />
      ) : null}
    </div>
  );
}
