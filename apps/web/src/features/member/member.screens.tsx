import { MEMBER_STATUSES, memberInput } from '@bo/shared/schemas/member';
import { OAUTH_PROVIDERS } from '@bo/shared/schemas/account';
import type { ResourceScreensSpec } from '../../components/resource/resource-spec.ts';
import { StatusTag } from '../../components/resource/status-tag.tsx';
import type { Member } from './api.ts';
import { ConfirmedCell, PasswordCell, ProviderTags } from './member-cells.tsx';
import { MemberBatchStatus, memberLabel } from './member-batch-status.tsx';
import MemberDetail from './member-detail.tsx';
import { tx, txIn } from './i18n.ts';

const statusOptions = MEMBER_STATUSES.map((s) => ({ value: s, label: txIn('statuses', s) }));

/** The members' list and update screen (loaded with them): what the kit shows, and the member's own parts. */
export default {
  apiPath: '/api/admin/member',
  history: 'member',
  schema: memberInput,
  list: { sort: 'created_at', order: 'desc' },
  tableTestId: 'member-table',
  searchPlaceholder: tx('search'),
  emptyText: tx('empty'),
  rowName: memberLabel,
  columns: [
    { key: 'email', title: tx('email'), sortable: true },
    { key: 'name', title: tx('name'), sortable: true },
    { key: 'status', title: tx('status'), render: (m) => <StatusTag status={m.status} /> },
    { key: 'email_verified_at', title: tx('confirmed'), render: (m) => <ConfirmedCell at={m.email_verified_at} /> },
    { key: 'providers', title: tx('providers'), render: (m) => <ProviderTags providers={m.providers} /> },
    { key: 'has_password', title: tx('password'), render: (m) => <PasswordCell has={m.has_password} /> },
    { key: 'last_sign_in_at', title: tx('lastSignIn'), sortable: true },
    { key: 'created_at', title: tx('created'), sortable: true },
  ],
  filters: [
    { name: 'status', label: tx('status'), options: statusOptions },
    {
      name: 'confirmed',
      label: tx('confirmed'),
      options: [
        { value: 'true', label: txIn('confirmedStates', 'true') },
        { value: 'false', label: txIn('confirmedStates', 'false') },
      ],
    },
    { name: 'provider', label: tx('providers'), options: OAUTH_PROVIDERS.map((p) => ({ value: p, label: txIn('providerNames', p) })) },
  ],
  fields: [
    { name: 'name', label: tx('name'), required: true, testId: 'member-name' },
    {
      name: 'status',
      label: tx('status'),
      input: 'select',
      options: statusOptions,
      required: true,
      extra: tx('statusHint'),
      testId: 'member-status',
    },
  ],
  batchActions: MemberBatchStatus,
  detail: MemberDetail,
} satisfies ResourceScreensSpec<Member>;
