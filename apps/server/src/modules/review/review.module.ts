import { defineModule } from '../../lib/kit/server-module.ts';
import { reviewAfterAudit } from './review-state.ts';
import { reviewRoutes } from './review.routes.ts';

/**
 * Issue 41: four eyes before the website changes (docs/content.md "Review workflow"): stages per
 * content type, approvers who are not the author, comments, mails, and the published snapshots the
 * website reads while a type's workflow is on. Off for every type on a new installation.
 */
export const reviewModule = defineModule({
  name: 'review',
  site: true,
  routes: [reviewRoutes],
  afterAudit: reviewAfterAudit,
});
