import type { PrincipalKind } from '@bo/shared/schemas/audit-log';
import type { ColumnType, Generated } from 'kysely';
import type { AuditChainTables } from './tables/audit-chain.ts';
import type { MailTables } from './tables/mail.ts';
import type { MediaTables } from './tables/media.ts';
import type { OAuthTables } from './tables/oauth.ts';
import type { OneTimeCodeTables } from './tables/one-time-codes.ts';
import type { PasswordResetTables } from './tables/password-reset.ts';
import type { TwoFactorTables } from './tables/two-factor.ts';
import type { ReminderTables } from './tables/reminders.ts';
import type { StaffTables } from './tables/staff.ts';
import type { PageTables, SiteContentTables } from './tables/site-content.ts';
import type { ProductTables } from './tables/products.ts';
import type { MemberTables } from './tables/members.ts';
import type { WorkRunTables } from './tables/work-runs.ts';
import type { KeptFileTables } from './tables/kept-files.ts';
import type { RecordVersionTables } from './tables/record-versions.ts';
import type { EditLeaseTables } from './tables/edit-leases.ts';
import type { SiteTables } from './tables/sites.ts';
import type { ReviewTables } from './tables/reviews.ts';

/**
 * Table types. Conventions (db/columns.ts): booleans are 0/1, times ISO-8601 UTC text,
 * JSON columns text holding JSON. Each module adds its tables as an interface here.
 */
export interface AdminsTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  has_change_default_password: number;
  /** JSON array of ROLE_ names held directly. */
  roles: string;
  group_id: number | null;
  status: 'active' | 'disabled';
  /** How the admin reads dates in the web (migration 0060): 'gregorian' or 'roc' (民國 years). */
  date_calendar: ColumnType<'gregorian' | 'roc', 'gregorian' | 'roc' | undefined, 'gregorian' | 'roc'>;
  created_at: string;
  updated_at: string;
}

export interface OrganizationsTable {
  id: Generated<number>;
  uid: string;
  name: string;
  company_id: string | null;
  status: 'active' | 'disabled';
  /** Migration 0077: certificates expiring within this many days are in the daily reminder. */
  certificate_reminder_days: Generated<number>;
  /** Migration 0079: a LINE group, room or user the digest is also pushed to (when LINE messaging is configured). */
  certificate_reminder_line_target: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrganizationMembersTable {
  admin_id: number;
  organization_id: number;
  /** JSON array of SUB_ACCOUNT_ROLE_ names held in this organization. */
  sub_account_roles: string;
  created_at: string;
}

export interface LoginDevicesTable {
  id: Generated<number>;
  admin_id: number;
  /** Set while a super admin acts as admin_id through switch-account. */
  impersonator_id: number | null;
  fingerprint: string;
  user_agent: string;
  ip: string;
  organization_id: number | null;
  keep_login: number;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  /** Session lifetime (migration 0040). Set by every sign-in on this device. */
  signed_in_at: string | null;
  /** The absolute end of the session begun at signed_in_at: no token of this device outlives it. */
  session_expires_at: string | null;
  /** The `jti` and `exp` of the device's current token. */
  token_id: string | null;
  token_expires_at: string | null;
  /** The token the last renewal replaced, still accepted until previous_token_until (grace period). */
  previous_token_id: string | null;
  previous_token_until: string | null;
  /** Until when this device's verify-identity proof holds (migration 0071, lib/identity/identity-proof.ts). */
  identity_verified_until: string | null;
}

export interface AuditLogsTable {
  id: Generated<number>;
  /** Migration 0084: the kind of principal that wrote the entry (PRINCIPAL_KINDS of @bo/shared). */
  actor_kind: PrincipalKind;
  actor_id: number | null;
  impersonator_id: number | null;
  organization_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  /** Migration 0078: the target's display name when the entry was written (lib/context/audit-labels.ts). */
  target_label: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  /** Migration 0085: the chain (docs/audit-log.md): the previous entry's hash, and this entry's. */
  prev_hash: string | null;
  hash: string | null;
}

export interface AppConfigsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface CoreTables {
  admins: AdminsTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  login_devices: LoginDevicesTable;
  audit_logs: AuditLogsTable;
  app_configs: AppConfigsTable;
}

export interface AdminGroupsTable {
  id: Generated<number>;
  name: string;
  /** JSON array of ROLE_ names members of the group hold. */
  roles: string;
  created_at: string;
  updated_at: string;
}

/** The column mapping of an organization's last staff import (migration 0050); mapping is JSON. */
export interface StaffImportMappingsTable {
  id: Generated<number>;
  organization_id: number;
  mapping: string;
  sheet_name: string | null;
  header_row: number;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface DB
  extends CoreTables,
    MediaTables,
    StaffTables,
    MailTables,
    OneTimeCodeTables,
    PasswordResetTables,
    OAuthTables,
    TwoFactorTables,
    ReminderTables,
    SiteContentTables,
    PageTables,
    MemberTables,
    ProductTables,
    AuditChainTables,
    WorkRunTables,
    RecordVersionTables,
    EditLeaseTables,
    SiteTables,
    ReviewTables,
    KeptFileTables {
  admin_groups: AdminGroupsTable;
  staff_import_mappings: StaffImportMappingsTable;
}
