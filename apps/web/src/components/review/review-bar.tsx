import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import Button, { type ButtonProps } from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { ReviewType } from '@bo/shared/schemas/review';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { reviewErrorText, reviewKeys, reviewQuery, STAGE_COLOR, stageName, useReviewStep, type ReviewStep } from './review-api.ts';
import { ReviewPanel } from './review-panel.tsx';
import './review.css';
import './i18n.ts';

/**
 * Whether the record may go on the website from its form (issue 41): always while its type's workflow
 * is off; with it on only once the version is approved. `reason` says why not, under the status field.
 */
export function useReviewGate(type: ReviewType, id: number | undefined) {
  const { t } = useTranslation('review');
  const q = useQuery(reviewQuery(type, id));
  const on = !!q.data?.workflow_enabled;
  const approved = q.data?.state.stage === 'approved' || q.data?.state.stage === 'published';
  return { on, canPublish: !on || approved, reason: on && !approved ? t('notApprovedHint') : undefined };
}

export interface ReviewBarProps {
  type: ReviewType;
  id: number;
  /** The record version the form read: every step carries it (If-Match). */
  version?: number;
  /** The record's queries: read again after a step (publishing changes the record). */
  invalidate?: QueryKey;
  /** The form has unsaved changes: they are not what would be reviewed. */
  dirty?: boolean;
}

/**
 * The review line of a content form: with the workflow off a short line saying saving publishes; on,
 * the stage, 送審 for the author, 核准 / 退回 (with a reason) for an approver, publishing the approved
 * version, and the panel with the diff and the comments (留言).
 */
export function ReviewBar({ type, id, version, invalidate, dirty }: ReviewBarProps) {
  const { t } = useTranslation('review');
  const { modal } = AntApp.useApp();
  const q = useQuery(reviewQuery(type, id));
  const step = useReviewStep(type, id, invalidate);
  const [panelOpen, setPanelOpen] = useState(false);
  const [returning, setReturning] = useState(false);
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const qc = useQueryClient();
  const me = useSession().payload?.data.id;
  // A save moves the record on (and may move its stage, a change after approval): the review is read again.
  useEffect(() => {
    if (version !== undefined) void qc.invalidateQueries({ queryKey: reviewKeys.one(type, id) });
  }, [qc, type, id, version]);

  if (!q.data) return null;
  const detail = q.data;
  if (!detail.workflow_enabled)
    return (
      <Typography.Text type="secondary" data-testid="review-off">
        {t('off')}
      </Typography.Text>
    );

  const { state, can } = detail;
  const at = version ?? state.current_version;
  const run = async (s: ReviewStep, done: string, body?: Record<string, unknown>) => {
    try {
      await step.mutateAsync({ step: s, body, version: at });
      toast.success({ title: done });
      return true;
    } catch (e) {
      toast.error({ title: reviewErrorText(e) });
      return false;
    }
  };
  const changedSince = state.current_version !== state.version && state.stage !== 'draft' && state.stage !== 'returned';
  const mine = !!state.author && state.author.id === me;
  const approveBlocked = !can.approve && mine && !['draft', 'returned', 'approved', 'published'].includes(state.stage);

  return (
    <div className="review-bar" data-testid="review-bar">
      <Tag color={STAGE_COLOR[state.stage] ?? 'purple'} data-testid="review-stage">
        {t('stage', { stage: stageName(detail.stages, state.stage) })}
      </Tag>
      {changedSince ? <Typography.Text type="warning">{t('changedSince')}</Typography.Text> : null}
      {can.submit ? (
        <Tooltip title={dirty ? t('unsavedFirst') : undefined}>
          <Button
            type="primary"
            disabled={dirty}
            loading={step.isPending && step.variables?.step === 'submit'}
            onClick={() => void run('submit', t('submitted'))}
            data-testid="review-submit"
          >
            {t('submit')}
          </Button>
        </Tooltip>
      ) : null}
      {can.approve ? (
        <Button
          type="primary"
          loading={step.isPending && step.variables?.step === 'approve'}
          onClick={() =>
            modal.confirm({
              title: t('approve'),
              content: detail.title,
              okText: t('approve'),
              cancelText: t('cancel'),
              okButtonProps: { 'data-testid': 'review-approve-ok' } as Record<string, string>,
              onOk: () => run('approve', t('approved')),
            })
          }
          data-testid="review-approve"
        >
          {t('approve')}
        </Button>
      ) : null}
      {/* Returning is the reviewers' word to the author, not the author's own. */}
      {can.return && !mine ? (
        <Button danger onClick={() => setReturning(true)} data-testid="review-return">
          {t('return')}
        </Button>
      ) : null}
      {can.publish ? (
        <Button
          type="primary"
          loading={step.isPending && step.variables?.step === 'publish'}
          onClick={() => void run('publish', t('published'))}
          data-testid="review-publish"
        >
          {t('publish')}
        </Button>
      ) : null}
      <Button onClick={() => setPanelOpen(true)} data-testid="review-open">
        {detail.comments.length ? t('openCount', { count: detail.comments.length }) : t('open')}
      </Button>
      {approveBlocked ? <Typography.Text type="secondary">{t('ownVersion')}</Typography.Text> : null}
      <ReviewPanel type={type} detail={detail} step={step} open={panelOpen} onClose={() => setPanelOpen(false)} />
      <Modal
        open={returning}
        title={t('returnTitle')}
        okText={t('return')}
        cancelText={t('cancel')}
        okButtonProps={{ danger: true, loading: step.isPending, 'data-testid': 'review-return-ok' } as ButtonProps}
        onCancel={() => setReturning(false)}
        onOk={() => reasonForm.submit()}
        destroyOnHidden
      >
        <Form
          form={reasonForm}
          layout="vertical"
          preserve={false}
          onFinish={async ({ reason }) => {
            if (await run('return', t('returned'), { reason: reason.trim() })) setReturning(false);
          }}
        >
          <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}>
            <Input.TextArea autoSize={{ minRows: 3 }} maxLength={2000} data-testid="review-return-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
