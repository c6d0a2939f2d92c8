import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { badgeSheetQuery } from '@bo/shared/schemas/gate';
import { adminPath } from '../../lib/feature.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { badgePassesQuery, passPhotoBlob, type Pass } from './api.ts';
import { Badge } from './badge.tsx';
import './badge.css';
import './i18n.ts';

/** 2 × 4 badges on an A4 page. */
export const BADGES_PER_PAGE = 8;

export function chunk<T>(rows: T[], size = BADGES_PER_PAGE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** `?ids=1,2,3` → [1, 2, 3]; absent or malformed → null (every current pass of the site). */
export function idsParam(raw: string | null): number[] | null {
  const parsed = badgeSheetQuery.safeParse({ ids: raw ?? undefined });
  if (!parsed.success || !parsed.data.ids) return null;
  return parsed.data.ids.split(',').map(Number);
}

/** Object URLs of the badges' photos, read through the API (they are private), revoked when the sheet goes. */
function usePhotoUrls(siteId: number, passes: Pass[] | undefined): { urls: Record<number, string>; pending: boolean } {
  const [urls, setUrls] = useState<Record<number, string>>({});
  const [pending, setPending] = useState(true);
  useEffect(() => {
    if (!passes) return;
    let gone = false;
    const made: string[] = [];
    setPending(true);
    void Promise.all(
      passes
        .filter((p) => p.has_photo)
        .map((p) =>
          passPhotoBlob(siteId, p.id)
            .then((f) => {
              const url = URL.createObjectURL(f.blob);
              made.push(url);
              return [p.id, url] as const;
            })
            .catch(() => null),
        ),
    ).then((pairs) => {
      if (gone) return;
      setUrls(Object.fromEntries(pairs.filter((x): x is readonly [number, string] => !!x)));
      setPending(false);
    });
    return () => {
      gone = true;
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [siteId, passes]);
  return { urls, pending };
}

/** The badge sheet (/admin/sites/:id/badges?ids=…): the chosen current passes, 8 to an A4 page, and a print button. */
export default function BadgeSheetPage() {
  const { t } = useTranslation('site-pass');
  const { id } = useParams();
  const siteId = Number(id);
  const [search] = useSearchParams();
  const rawIds = search.get('ids');
  const ids = useMemo(() => idsParam(rawIds), [rawIds]);
  const passes = useQuery({ ...badgePassesQuery(siteId, ids), enabled: Number.isInteger(siteId) && siteId > 0 });
  const photos = usePhotoUrls(siteId, passes.data);
  const rows = passes.data ?? [];
  const back = <Link to={adminPath(`site/${siteId}/update`)}>{t('badge.back')}</Link>;

  let body: ReactNode;
  if (passes.isError) body = <ErrorState error={passes.error} onRetry={() => void passes.refetch()} />;
  else if (passes.isPending) body = <Spin />;
  else if (!rows.length) body = <EmptyState description={`${t('badge.none')}：${t('badge.noneHint')}`} action={back} />;
  else
    body = (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the sheet is wider than a phone and scrolls sideways; a keyboard reaches it
      <section className="badge-sheet-pages" aria-label={t('badge.title')} tabIndex={0} data-testid="badge-pages">
        {chunk(rows).map((page) => (
          <section key={page[0].id} className="badge-page" data-testid="badge-page">
            {page.map((p) => (
              <Badge key={p.id} pass={p} photoUrl={photos.urls[p.id] ?? null} />
            ))}
          </section>
        ))}
      </section>
    );

  return (
    <div className="page badge-sheet" data-testid="badge-sheet" data-ready={passes.isSuccess && !photos.pending ? 'true' : 'false'}>
      <PageHeader
        subtitle={rows.length ? `${t('badge.count', { count: rows.length })} · ${t('badge.hint')}` : t('badge.hint')}
        extra={
          <>
            {back}
            <Button
              type="primary"
              icon={<PrinterOutlined />}
              disabled={!rows.length}
              onClick={() => window.print()}
              data-testid="badge-print"
            >
              {t('badge.print')}
            </Button>
          </>
        }
      />
      {body}
    </div>
  );
}
