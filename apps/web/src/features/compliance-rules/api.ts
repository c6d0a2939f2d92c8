import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RuleInput, RuleOverrides } from '@bo/shared/compliance/rules';
import type { ComplianceRuleView } from '@bo/shared/schemas/compliance-rules';
import { api } from '../../lib/api-client.ts';

const RULES = '/api/admin/organization/compliance/rules';

export const complianceRulesQuery = () =>
  queryOptions({
    queryKey: [RULES],
    queryFn: () => api.get<{ data: ComplianceRuleView[] }>(RULES, null, { organization: true }),
  });

export interface RuleChange {
  rule: ComplianceRuleView;
  enabled?: boolean;
  reason?: string | null;
  overrides?: RuleOverrides | null;
}

/** The rule writes; each sends the version the rule was listed at (issue 36) and refreshes the list. */
export function useComplianceRuleMutations() {
  const qc = useQueryClient();
  const onSuccess = () => void qc.invalidateQueries({ queryKey: [RULES] });
  return {
    update: useMutation({
      mutationFn: ({ rule, ...change }: RuleChange) =>
        api.patch<ComplianceRuleView>(`${RULES}/${rule.key}`, change, { organization: true, version: rule.version }),
      onSuccess,
    }),
    create: useMutation({
      mutationFn: (rule: RuleInput) => api.post<ComplianceRuleView>(RULES, { rule }, { organization: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (rule: ComplianceRuleView) =>
        api.delete(`${RULES}/${rule.key}`, undefined, { organization: true, version: rule.version }),
      onSuccess,
    }),
  };
}
