import type { ReasonKey, ReasonParams } from '@bo/shared/compliance/reasons';
import type { DueState } from '@bo/shared/compliance/vocabulary';

/** What a rule's timing found, before the item names its rule (evaluate.ts's DueItem without rule_key and rule_version). */
export interface Finding {
  state: DueState;
  due_on: string | null;
  window_opens_on: string | null;
  reason_key: ReasonKey;
  reason_params: ReasonParams;
}

export const finding = (
  state: DueState,
  reason_key: ReasonKey,
  reason_params: ReasonParams = {},
  due_on: string | null = null,
  window_opens_on: string | null = null,
): Finding => ({ state, due_on, window_opens_on, reason_key, reason_params });
