import { useTranslation } from 'react-i18next';
import Typography from 'antd/es/typography';
import type { PhotoUse, PhotoUses } from '@bo/shared/schemas/photo';
import './i18n.ts';

/**
 * Issue 36: what loses the photos being deleted, for the confirmation. What the public website shows
 * comes first, each use named as going off the site; the other uses are grouped by kind; uses in
 * organizations out of the admin's reach are counted.
 */
export function PhotoUsesNotice({ uses }: { uses: PhotoUses }) {
  const { t } = useTranslation('photo');
  const kindOf = (u: PhotoUse) =>
    u.kind === 'banner' && u.place
      ? t('bannerAt', { place: t(`bannerPlaces.${u.place}`, { defaultValue: u.place }) })
      : t(`useKind.${u.kind}`);
  const labelOf = (u: PhotoUse) => u.label || t('untitled');
  // One line per row, even when several of the deleted photos are on it (a product's gallery).
  const unique = [...new Map(uses.data.map((u) => [`${u.kind}:${u.id}`, u])).values()];
  const onWebsite = unique.filter((u) => u.on_website);
  const groups = new Map<string, PhotoUse[]>();
  for (const u of unique.filter((x) => !x.on_website)) groups.set(kindOf(u), [...(groups.get(kindOf(u)) ?? []), u]);
  return (
    <div className="photo-uses" data-testid="photo-uses">
      <Typography.Paragraph style={{ marginBottom: 4 }}>{t('usesIntro')}</Typography.Paragraph>
      <ul>
        {onWebsite.map((u) => (
          <li key={`${u.kind}:${u.id}`} data-testid="photo-use-on-website">
            <Typography.Text type="danger">{t('usesOnWebsite', { kind: kindOf(u), label: labelOf(u) })}</Typography.Text>
          </li>
        ))}
        {[...groups].map(([kind, list]) => (
          <li key={kind}>{t('usesElsewhere', { kind, labels: list.map(labelOf).join(t('listSeparator')) })}</li>
        ))}
        {uses.hidden ? <li>{t('usesHidden', { count: uses.hidden })}</li> : null}
      </ul>
    </div>
  );
}
