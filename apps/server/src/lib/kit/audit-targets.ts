/**
 * Every audit target type and the actions recorded on it: the audit writer accepts only these
 * pairs, so a typo or a new action is a type error until it is declared here.
 */
export interface AuditActions {
  admin:
    | 'create'
    | 'update'
    | 'patch'
    | 'delete'
    | 'reset_password'
    | 'login_failed'
    | 'switch_account'
    | 'update_profile'
    // Issue 10: identity.
    | 'invite'
    | 'send_reset_password_mail'
    | 'reset_password_by_mail'
    | 'verify_identity'
    | 'change_email'
    | 'link_identity'
    | 'unlink_identity'
    | 'enable_two_factor'
    | 'disable_two_factor'
    | 'regenerate_recovery_codes';
  admin_group: 'create' | 'update' | 'delete';
  app_config: 'update';
  /** Append-only: nothing records a change to the log itself. */
  audit_log: never;
  certificate_type: 'create' | 'update' | 'delete';
  file: 'upload' | 'update' | 'delete' | 'sign_link';
  login_device: 'login' | 'logout' | 'logout_device' | 'logout_other_devices' | 'switch_organization';
  /** Issue 10: the mail outbox (resend) and the mail templates (edit, reset to default, test mail). */
  mail: 'resend';
  mail_template: 'update' | 'reset' | 'send_test';
  one_time_code: 'delete';
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
