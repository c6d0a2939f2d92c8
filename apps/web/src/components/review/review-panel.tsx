import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ReviewDetail, ReviewType } from '@bo/shared/schemas/review';
import { toast } from '../../lib/toast.ts';
import { formatInstant } from '../audit-labels/readable.ts';
import { EmptyState } from '../empty-state.tsx';
import { useReadable } from '../history/history-panel.tsx';
import { STAGE_COLOR, reviewErrorText, stageName, type useReviewStep } from './review-api.ts';
import '../history/history.css';
import './review.css';
import './i18n.ts';

/** Rich text as the words it holds: the diff compares what a reader sees. */
const plain = (v: unknown): unknown =>
  typeof v === 'string' && v.startsWith('<') ? new DOMParser().parseFromString(v, 'text/html').body.textContent || '' : v;

/** Identity and kind of the record, not what a reviewer reads. */
const HIDDEN = new Set(['id', 'type', 'organization_id']);
const blank = (v: unknown) => v === null || v === '' || v === false || (Array.isArray(v) && !v.length);

export interface ReviewPanelProps {
  type: ReviewType;
  detail: ReviewDetail;
  step: ReturnType<typeof useReviewStep>;
  open: boolean;
  onClose(): void;
}

/**
 * The reviewer's drawer: the working record against the published version (in the history panel's
 * words and table), and the comments on the versions with a box to add one.
 */
export function ReviewPanel({ type, detail, step, open, onClose }: ReviewPanelProps) {
  const { t } = useTranslation('review');
  const readable = useReadable(type);
  const [body, setBody] = useState('');
  const firstTime = detail.state.published_version === null;
  const rows = detail.diff
    .filter((d) => !HIDDEN.has(d.field) && !(firstTime && blank(d.working)))
    .flatMap((d) => readable({ field: d.field, label_key: '', before: plain(d.published) ?? null, after: plain(d.working) ?? null }))
    .map((r) => ({ ...r, label: t(`fields.${r.path}`, { defaultValue: r.label }) }));

  const comment = async () => {
    if (!body.trim()) return;
    try {
      await step.mutateAsync({ step: 'comments', body: { body: body.trim() } });
      setBody('');
      toast.success({ title: t('commented') });
    } catch (e) {
      toast.error({ title: reviewErrorText(e) });
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('panelTitle', { title: detail.title ?? '' })}
      width="min(720px, 100vw)"
      rootClassName="review-drawer"
      data-testid="review-panel"
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Tag color={STAGE_COLOR[detail.state.stage] ?? 'purple'}>{stageName(detail.stages, detail.state.stage)}</Tag>
        <Typography.Text type="secondary">{t('version', { version: detail.state.version })}</Typography.Text>
        {detail.state.author ? <Typography.Text type="secondary">{t('author', { name: detail.state.author.name })}</Typography.Text> : null}
      </Flex>
      <Typography.Title level={5}>{t('diff')}</Typography.Title>
      {firstTime ? <Typography.Paragraph type="secondary">{t('diffFirst')}</Typography.Paragraph> : null}
      {rows.length ? (
        <table className="history-changes review-diff" data-testid="review-diff">
          <thead>
            <tr>
              <th scope="col">{t('field')}</th>
              {firstTime ? null : <th scope="col">{t('published_')}</th>}
              <th scope="col">{t('working')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.path}>
                <th scope="row">{r.label}</th>
                {firstTime ? null : <td>{r.before}</td>}
                <td>{r.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState description={t('diffNone')} />
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('comments')}
      </Typography.Title>
      {detail.comments.length ? (
        <ol className="review-comments" data-testid="review-comments">
          {detail.comments.map((c) => (
            <li key={c.id} className="review-comment">
              <Flex gap={8} wrap align="center">
                <Typography.Text strong>{c.admin?.name ?? '—'}</Typography.Text>
                {c.kind !== 'comment' ? (
                  <Tag color={c.kind === 'return' ? 'red' : c.kind === 'approve' ? 'green' : 'gold'}>{t(`kinds.${c.kind}`)}</Tag>
                ) : null}
                <Typography.Text type="secondary">
                  {t('version', { version: c.version })} · {formatInstant(c.created_at)}
                </Typography.Text>
              </Flex>
              {c.body ? <div className="review-comment-body">{c.body}</div> : null}
            </li>
          ))}
        </ol>
      ) : (
        <Typography.Paragraph type="secondary">{t('commentsNone')}</Typography.Paragraph>
      )}
      {detail.can.comment ? (
        <Flex vertical gap={8}>
          <Input.TextArea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder={t('commentPlaceholder')}
            aria-label={t('comment')}
            autoSize={{ minRows: 2 }}
            maxLength={2000}
            data-testid="review-comment-input"
          />
          <div>
            <Button onClick={() => void comment()} loading={step.isPending} disabled={!body.trim()} data-testid="review-comment-send">
              {t('comment')}
            </Button>
          </div>
        </Flex>
      ) : null}
    </Drawer>
  );
}
