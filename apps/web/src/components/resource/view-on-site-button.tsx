import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import type { SiteLink } from '@bo/shared/schemas/site-link';
import { api } from '../../lib/api-client.ts';
import './i18n.ts';

/** A preview link is good for an hour (server's PREVIEW_TTL_SECONDS): asked again well before. */
const FRESH_MS = 10 * 60_000;

interface Props {
  /** The record's API path (`/api/admin/page`): its link is `{apiPath}/{id}/site-link`. */
  apiPath: string;
  record: { id: number; updated_at?: string | null };
}

/**
 * "View on the website" in a content editor's header (issue 26): a link that opens, in a new tab, the
 * published page on the site, or a signed preview of the saved draft. Asked again after each save (the
 * record's `updated_at`), so a page just published opens its public address.
 */
export function ViewOnSiteButton({ apiPath, record }: Props) {
  const { t } = useTranslation('resource');
  const link = useQuery({
    queryKey: [apiPath, record.id, 'site-link', record.updated_at ?? null],
    queryFn: () => api.get<SiteLink>(`${apiPath}/${record.id}/site-link`),
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });
  const preview = link.data?.preview ?? false;
  const button = (
    <Button
      icon={<ExportOutlined />}
      href={link.data?.url}
      target="_blank"
      rel="noopener noreferrer"
      disabled={!link.data}
      loading={link.isPending}
      data-testid="view-on-site"
      data-preview={preview ? 'true' : 'false'}
    >
      {t(preview ? 'previewOnSite' : 'viewOnSite')}
    </Button>
  );
  return link.isError ? (
    <Tooltip title={t('siteLinkFailed')}>
      <span>{button}</span>
    </Tooltip>
  ) : preview ? (
    <Tooltip title={t('previewHint')}>{button}</Tooltip>
  ) : (
    button
  );
}
