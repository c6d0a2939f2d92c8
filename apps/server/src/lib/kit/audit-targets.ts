/**
 * Every audit target type and the actions recorded on it: the audit writer accepts only these
 * pairs, so a typo or a new action is a type error until it is declared here.
 */
export interface AuditActions {
  admin: 'create' | 'update' | 'patch' | 'delete' | 'reset_password' | 'login_failed' | 'switch_account' | 'update_profile';
  admin_group: 'create' | 'update' | 'delete';
  app_config: 'update';
  /** Append-only: nothing records a change to the log itself. */
  audit_log: never;
  certificate_type: 'create' | 'update' | 'delete';
  file: 'upload' | 'update' | 'delete' | 'sign_link';
  login_device: 'login' | 'logout' | 'logout_device' | 'switch_organization';
  organization: 'create' | 'update' | 'patch' | 'delete';
  organization_member: 'add' | 'invite' | 'update' | 'remove';
  photo: 'upload' | 'update' | 'delete';
  staff:
    | 'create'
    | 'update'
    | 'patch'
    | 'delete'
    | 'import'
    | 'upload_photo'
    | 'delete_photo'
    | 'unlink_photo'
    | 'upload_certificate_file'
    | 'delete_certificate_file';
  staff_excel: 'create' | 'update' | 'patch' | 'delete' | 'export' | 'replace_file';
}

export type AuditTarget = keyof AuditActions;

/** One audit entry, its action checked against its target type. */
export type TypedAuditEntry = {
  [T in AuditTarget]: {
    action: AuditActions[T];
    target_type: T;
    target_id?: string | number | null;
    before?: unknown;
    after?: unknown;
    /** Recorded under this organization instead of the request's (a change reaching rows of several). */
    organization_id?: number | null;
  };
}[AuditTarget];
