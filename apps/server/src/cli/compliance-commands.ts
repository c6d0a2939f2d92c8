import { todayInTaipei } from '@bo/shared/dates';
import { recomputeEveryOrganization } from '../lib/compliance/recompute-job.ts';
import type { CliContext } from './cli-context.ts';

/** compliance-recompute: every organization's due items computed again for today (Taipei). */
export async function recomputeCompliance(ctx: CliContext): Promise<void> {
  const started = performance.now();
  const done = await recomputeEveryOrganization(ctx, todayInTaipei());
  ctx.print(
    `${done.organizations} organizations, ${done.rows} roster rows, ${done.items} due items in ${Math.round(performance.now() - started)} ms`,
  );
}
