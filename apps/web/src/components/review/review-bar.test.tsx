import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import AntApp from 'antd/es/app';
import { DEFAULT_REVIEW_STAGES, type ReviewDetail } from '@bo/shared/schemas/review';
import { setLanguage } from '../../i18n/index.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { resetTokenStore, setToken } from '../../lib/token-store.ts';
import { makeToken } from '../../test/tokens.ts';
import { ReviewBar } from './review-bar.tsx';

let calls: { method: string; url: string; body: unknown; ifMatch: string | null }[];
let detail: ReviewDetail;
let answer: { status: number; body: unknown } | null;

const detailOf = (o: Partial<ReviewDetail> & { stage?: string; author?: number }): ReviewDetail => ({
  workflow_enabled: true,
  stages: [...DEFAULT_REVIEW_STAGES],
  title: '工地安全公告',
  state: {
    target_type: 'page',
    target_id: 7,
    stage: o.stage ?? 'in_review',
    version: 3,
    current_version: 3,
    author: { id: o.author ?? 2, name: '陳編輯' },
    approved_by: null,
    approved_at: null,
    approved_hash: null,
    published_version: 1,
    published_hash: null,
    published_at: null,
    updated_at: null,
  },
  comments: [
    {
      id: 1,
      version: 3,
      admin: { id: 1, name: 'Ann' },
      body: '標題請去掉「初稿」。',
      kind: 'comment',
      created_at: '2026-03-01T02:00:00.000Z',
    },
  ],
  diff: [{ field: 'title', published: '工地安全公告（初稿）', working: '工地安全公告' }],
  can: { submit: false, approve: true, return: true, publish: false, comment: true },
  ...o,
});

beforeEach(() => {
  resetTokenStore();
  setToken(makeToken());
  queryClient.clear();
  calls = [];
  answer = null;
  detail = detailOf({});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        url,
        body: init?.body ? JSON.parse(String(init.body)) : null,
        ifMatch: new Headers(init?.headers).get('if-match'),
      });
      const out = method === 'POST' && answer ? answer : { status: 200, body: detail };
      return new Response(JSON.stringify(out.body), { status: out.status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <ReviewBar type="page" id={7} version={3} />
      </AntApp>
    </QueryClientProvider>,
  );

describe('ReviewBar', () => {
  it('says saving publishes while the workflow is off', async () => {
    await setLanguage('zh-TW');
    detail = detailOf({ workflow_enabled: false });
    show();
    expect((await screen.findByTestId('review-off')).textContent).toBe('未啟用審核流程：儲存即發布');
    expect(screen.queryByTestId('review-submit')).toBeNull();
  });

  it('lets an approver return with a reason (required) at the version read, and shows the diff and the comments', async () => {
    await setLanguage('zh-TW');
    show();
    expect((await screen.findByTestId('review-stage')).textContent).toBe('審核階段：待審核');
    fireEvent.click(screen.getByTestId('review-open'));
    const diff = await screen.findByTestId('review-diff');
    expect(within(diff).getByText('標題').closest('tr')!.textContent).toContain('工地安全公告（初稿）');
    expect(screen.getByTestId('review-comments').textContent).toContain('標題請去掉「初稿」。');

    fireEvent.click(screen.getByTestId('review-return'));
    fireEvent.click(await screen.findByTestId('review-return-ok'));
    expect(await screen.findByText('請填寫退回原因')).toBeTruthy();
    fireEvent.change(screen.getByTestId('review-return-reason'), { target: { value: '請依留言修改標題。' } });
    fireEvent.click(screen.getByTestId('review-return-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/admin/reviews/page/7/return');
    expect(post.body).toEqual({ reason: '請依留言修改標題。' });
    expect(post.ifMatch).toBe('"3"');
  });

  it("offers the author no approve or return, and says the server's refusal in words (en-US)", async () => {
    await setLanguage('en-US');
    detail = detailOf({ author: 1, can: { submit: false, approve: false, return: true, publish: false, comment: true } });
    show();
    expect(await screen.findByText('You changed this version: another admin approves it')).toBeTruthy();
    expect(screen.queryByTestId('review-approve')).toBeNull();
    expect(screen.queryByTestId('review-return')).toBeNull();

    cleanup();
    queryClient.clear();
    detail = detailOf({ stage: 'approved', can: { submit: false, approve: false, return: false, publish: true, comment: true } });
    answer = { status: 409, body: { message: 'Conflict', errors: { review: ['review.error.not_approved'] } } };
    const error = vi.spyOn(toast, 'error');
    show();
    fireEvent.click(await screen.findByTestId('review-publish'));
    await waitFor(() => expect(error).toHaveBeenCalledWith({ title: 'This version is not approved: it cannot be published or scheduled' }));
    expect(calls.find((c) => c.method === 'POST')!.url).toBe('/api/admin/reviews/page/7/publish');
  });
});
