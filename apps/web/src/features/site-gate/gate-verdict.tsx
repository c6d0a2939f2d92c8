import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { gateReasonText, type GateLanguage } from '@bo/shared/gate/reason-text';
import type { GateReason, GateWorker } from '@bo/shared/schemas/gate';
import { errorText } from '../../lib/api-client.ts';
import { gateApi } from './api.ts';
import './i18n.ts';

export interface ShownVerdict {
  verdict: 'admit' | 'refuse';
  /** Let in: the verdict, or a refusal the site director overrode. */
  admitted: boolean;
  reasons: GateReason[];
  worker: GateWorker | null;
  /** Given from the snapshot, without a connection. */
  offline: boolean;
  /** The entry the server made (null offline: it is made when the queue is sent). */
  entryId: number | null;
  duplicate: boolean;
  overridden?: boolean;
}

/** How long a verdict stays before the screen goes back to scanning (a tap goes back at once). */
const SHOW_MS = { admit: 4_000, refuse: 10_000 };

/** Photos read this session, by staff id: the next scan of the same worker shows at once (and offline). */
const photos = new Map<number, string | null>();

function usePhoto(siteId: number, worker: GateWorker | null): string | null {
  const id = worker?.has_photo ? worker.staff_id : null;
  const [url, setUrl] = useState<string | null>(() => (id !== null ? (photos.get(id) ?? null) : null));
  useEffect(() => {
    if (id === null || photos.has(id)) return;
    let gone = false;
    gateApi
      .photo(siteId, id)
      .then((u) => {
        photos.set(id, u);
        if (!gone) setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [siteId, id]);
  return url;
}

/** The verdict, full screen: 可進場 in green or 不可進場 in red, the photo to compare, and every reason in words. */
export function GateVerdictView({
  siteId,
  shown,
  lang,
  canOverride,
  onOverridden,
  onDone,
}: {
  siteId: number;
  shown: ShownVerdict;
  lang: GateLanguage;
  canOverride: boolean;
  onOverridden: (admitted: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('site-gate');
  const photo = usePhoto(siteId, shown.worker);
  const next = useRef<HTMLButtonElement>(null);
  const [overriding, setOverriding] = useState(false);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [overrideError, setOverrideError] = useState<string | null>(null);
  const kind = shown.admitted ? 'admit' : 'refuse';

  useEffect(() => {
    next.current?.focus();
  }, []);
  useEffect(() => {
    if (overriding) return;
    const timer = setTimeout(onDone, SHOW_MS[kind]);
    return () => clearTimeout(timer);
  }, [kind, overriding, onDone]);

  const confirmOverride = async () => {
    if (reason.trim().length < 2 || shown.entryId === null) {
      setOverrideError(t('override.required'));
      return;
    }
    setSaving(true);
    try {
      const entry = await gateApi.override(siteId, shown.entryId, reason.trim());
      setOverriding(false);
      onOverridden(entry.admitted);
    } catch (e) {
      setOverrideError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const name = shown.worker?.name ?? t('verdict.unknownWorker');
  const titleId = 'gate-verdict-title';
  return (
    <div
      className={`gate-verdict gate-verdict-${kind}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="gate-verdict"
      data-verdict={kind}
      onClick={(e) => {
        // A tap anywhere goes back to scanning, but not one on a button or in the override dialog.
        if (!overriding && !(e.target as HTMLElement).closest('button')) onDone();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !overriding) onDone();
      }}
    >
      <div className="gate-verdict-body">
        <h2 id={titleId} className="gate-verdict-title">
          {shown.admitted ? t('verdict.admit') : t('verdict.refuse')}
        </h2>
        {shown.offline ? (
          <p className="gate-verdict-flag" data-testid="gate-offline-verdict">
            {t('verdict.offline')}
          </p>
        ) : null}
        {shown.overridden ? <p className="gate-verdict-flag">{t('verdict.overridden')}</p> : null}
        {shown.duplicate ? <p className="gate-verdict-flag">{t('verdict.duplicate')}</p> : null}
        <div className="gate-verdict-person">
          {photo ? (
            <img className="gate-verdict-photo" src={photo} alt={t('verdict.photoAlt', { name })} />
          ) : (
            <div className="gate-verdict-photo gate-verdict-nophoto">{t('verdict.photoMissing')}</div>
          )}
          <div>
            <p className="gate-verdict-name" data-testid="gate-verdict-name">
              {name}
            </p>
            {shown.worker ? <p className="gate-verdict-company">{shown.worker.company_name}</p> : null}
          </div>
        </div>
        {shown.reasons.length ? (
          <ul className="gate-verdict-reasons" data-testid="gate-reasons">
            {shown.reasons.map((r, i) => (
              <li key={`${r.code}-${r.rule_key ?? i}`} className={r.blocking ? 'gate-reason-blocking' : 'gate-reason-note'}>
                {gateReasonText(r, lang)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="gate-verdict-clear">{t('verdict.allClear')}</p>
        )}
      </div>
      <div className="gate-verdict-actions">
        {!shown.admitted && canOverride && shown.entryId !== null && shown.worker ? (
          <Button size="large" ghost onClick={() => setOverriding(true)} data-testid="gate-override">
            {t('verdict.override')}
          </Button>
        ) : null}
        <Button ref={next} size="large" onClick={onDone} data-testid="gate-next">
          {t('verdict.next')}
        </Button>
      </div>
      <Modal
        open={overriding}
        title={t('override.title', { name })}
        okText={t('override.confirm')}
        cancelText={t('override.cancel')}
        confirmLoading={saving}
        onOk={() => void confirmOverride()}
        onCancel={() => setOverriding(false)}
        zIndex={1100}
        destroyOnHidden
      >
        <p>{t('override.hint')}</p>
        <label htmlFor="gate-override-reason">{t('override.reason')}</label>
        <Input.TextArea
          id="gate-override-reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setOverrideError(null);
          }}
          maxLength={500}
          rows={3}
          data-testid="gate-override-reason"
        />
        {overrideError ? (
          <p className="gate-override-error" role="alert">
            {overrideError}
          </p>
        ) : null}
      </Modal>
    </div>
  );
}
