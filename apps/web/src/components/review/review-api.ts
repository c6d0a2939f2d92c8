import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { REVIEW_KEYS } from '@bo/shared/review-constants';
import type { ReviewDetail, ReviewList, ReviewStage, ReviewType } from '@bo/shared/schemas/review';
import { api, ApiError, errorText } from '../../lib/api-client.ts';
import i18n, { currentLanguage } from '../../i18n/index.ts';
import './i18n.ts';

/** Issue 41's API (packages/shared/src/schemas/review.ts): a record's review, the steps, 「待我審核」 and the workflows. */
export const REVIEWS = '/api/admin/reviews';
export const REVIEW_WORKFLOWS = '/api/admin/review-workflows';

export const reviewKeys = {
  all: ['reviews'] as const,
  one: (type: ReviewType, id: number) => ['reviews', type, id] as const,
  awaiting: ['reviews', 'awaiting'] as const,
  workflows: ['review-workflows'] as const,
};

export const reviewQuery = (type: ReviewType, id: number | undefined) =>
  queryOptions({
    queryKey: reviewKeys.one(type, id ?? 0),
    queryFn: ({ signal }) => api.get<ReviewDetail>(`${REVIEWS}/${type}/${id}`, null, { signal }),
    enabled: !!id,
  });

/** What the caller may move on, never their own versions; polled so the menu's badge follows. */
export const awaitingQuery = () =>
  queryOptions({
    queryKey: reviewKeys.awaiting,
    queryFn: ({ signal }) => api.get<ReviewList>(REVIEWS, { mine: 'awaiting' }, { signal, silent: true }),
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

export type ReviewStep = 'submit' | 'approve' | 'return' | 'publish' | 'comments';

/**
 * One step on a record's review (submit, approve, return, publish, comment), at the record version the
 * screen read (If-Match); then the review, 「待我審核」 and the record's own queries (`invalidate`) are read again.
 */
export function useReviewStep(type: ReviewType, id: number, invalidate?: QueryKey) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ step, body, version }: { step: ReviewStep; body?: Record<string, unknown>; version?: number }) =>
      api.post<unknown>(`${REVIEWS}/${type}/${id}/${step}`, body ?? {}, step === 'comments' ? {} : { version }),
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: reviewKeys.all }),
        invalidate ? qc.invalidateQueries({ queryKey: invalidate }) : null,
        qc.invalidateQueries({ queryKey: ['history'] }),
      ]);
    },
  });
}

const KEYS = new Set<string>(Object.values(REVIEW_KEYS));

/** The review's refusals in words (its translation keys, in the message or a field's errors); anything else as the API client says. */
export function reviewErrorText(e: unknown): string {
  if (e instanceof ApiError) {
    const known = [e.message, ...Object.values(e.errors ?? {}).flat()].find((k) => KEYS.has(k));
    if (known) return i18n.t(known);
  }
  return errorText(e);
}

/** A stage's name in the current language. */
export const stageName = (stages: readonly ReviewStage[], key: string): string => {
  const s = stages.find((x) => x.key === key);
  return s ? s.name[currentLanguage()] : key;
};

export const STAGE_COLOR: Record<string, string> = {
  draft: 'default',
  in_review: 'gold',
  approved: 'green',
  published: 'blue',
  returned: 'red',
};
