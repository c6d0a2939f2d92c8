/**
 * Every audit target type and the actions recorded on it. NEW ACTIONS ARE ADDED HERE (not in
 * apps/server/src/lib/kit/audit-targets.ts, which derives its types from this constant): the audit
 * writer accepts only these pairs, so a typo or a new action is a type error until it is declared
 * here, and the web's audit-log labels test fails until the new code has zh-TW and en-US labels
 * (apps/web/src/components/audit-labels/i18n.ts).
 */
export const AUDIT_ACTIONS = {
  admin: [
    'create',
    'update',
    'patch',
    'delete',
    'reset_password',
    'login_failed',
    'switch_account',
    'update_profile',
    // Issue 10: identity.
    'invite',
    'send_reset_password_mail',
    'reset_password_by_mail',
    'verify_identity',
    'change_email',
    // Issue 26: an e-mail change waits for the code mailed to the new address.
    'request_email_change',
    'cancel_email_change',
    'link_identity',
    'unlink_identity',
    'enable_two_factor',
    'disable_two_factor',
    'regenerate_recovery_codes',
    'use_recovery_code',
    'reset_two_factor',
    // Issue 13: the operator CLI (grants any role; ROLE_MAINTAINER also by a maintainer on the admin form, issue 26).
    'grant_role',
    'revoke_role',
    // Issue 26: a set-password link handed to the inviter because its mail could not go out.
    'hand_over_link',
    // Issue 36: a value or an earlier state put back from the record's history.
    'restore',
  ],
  admin_group: ['create', 'update', 'delete', 'restore'],
  app_config: ['update', 'restore'],
  /** Issue 26: the website's identity (one document); its logo is let go of when the photo is deleted. */
  website_settings: ['update', 'unlink_photo', 'restore'],
  /** Append-only: the log itself never changes; an export, a verification of the chain and a day's anchor are recorded. */
  audit_log: ['export', 'verify_chain', 'anchor_chain'],
  /** Issue 13: the operator CLI's backup of the SQLite database. */
  database: ['backup'],
  /** reorder: the kit's stored order (lib/kit/row-order.ts), declared on certificate types by the kit's own test. */
  certificate_type: ['create', 'update', 'delete', 'reorder', 'restore'],
  file: ['upload', 'update', 'delete', 'sign_link', 'restore'],
  login_device: ['login', 'logout', 'logout_device', 'logout_other_devices', 'switch_organization'],
  /** Issue 36: an admin took over the editing of a record from whoever held its edit lease (id "staff:12"). */
  edit_lease: ['take_over'],
  /**
   * Issue 41: a step of a page's, banner's, product's or video's review (id "page:12"), each naming the
   * record version in `after`; an approval records the content's hash. The workflows are one document.
   */
  review: ['submit', 'approve', 'return', 'comment', 'publish'],
  review_workflow: ['update'],
  /** Issue 10: the mail outbox (resend) and the mail templates (edit, reset to default, test mail). */
  mail: ['resend'],
  mail_template: ['update', 'reset', 'send_test', 'restore'],
  one_time_code: ['delete'],
  organization: ['create', 'update', 'patch', 'delete', 'restore'],
  organization_member: ['add', 'invite', 'update', 'remove', 'resend_invitation'],
  photo: ['upload', 'update', 'delete', 'restore'],
  staff: [
    'create',
    'update',
    'patch',
    'delete',
    'import',
    'upload_photo',
    'delete_photo',
    'unlink_photo',
    'upload_certificate_file',
    'delete_certificate_file',
    // Issue 36: a value or an earlier state put back from the record's history.
    'restore',
    // Issue 37: a masked field shown in plain (field and reason in `after`, never the value); changes nothing.
    'reveal',
    // Issue 37: retention (the daily job) and the person's rights (個資法 §3: copy, correction, erasure).
    'anonymise',
    'erase',
    'export_copy',
    'correct',
    'erase_on_request',
  ],
  /**
   * Issue 38: the organization's setting over a rule of the pack (switched on or off with a reason, a stricter
   * interval) or its own rule; id "organization:rule_key". Each change recomputes the organization's due items.
   */
  compliance_rule: ['create', 'update', 'delete'],
  /** Issue 38: evidence a worker holds, each a child of the staff record (its changes raise the staff's version). */
  staff_training: ['create', 'update', 'delete', 'upload_file', 'delete_file'],
  /** erase: the retention run, once the period after the check day is over (docs/personal-data.md "Retention"). */
  staff_health_check: ['create', 'update', 'delete', 'upload_file', 'delete_file', 'erase'],
  staff_insurance: ['create', 'update', 'delete', 'upload_file', 'delete_file'],
  staff_migrant_document: ['create', 'update', 'delete', 'upload_file', 'delete_file'],
  /** Issue 37: one entry per retention batch naming the staff it anonymised or erased. */
  personal_data: ['retention_run'],
  staff_excel: ['create', 'update', 'patch', 'delete', 'export', 'replace_file', 'restore'],
  /**
   * Issue 38: sites (set_contractors: the site's subcontractors), subcontractors, and a site's roster rows (counting for their site).
   * Issue 39: export, the site's attendance workbook (its range in `after`).
   */
  site: ['create', 'update', 'patch', 'delete', 'set_contractors', 'restore', 'export'],
  contractor: ['create', 'update', 'delete', 'restore'],
  site_roster: ['create', 'update', 'delete'],
  /** Issue 39: a worker's site pass issued, revoked, reissued (the old one revoked, a new one made), or its phone link handed over. */
  site_pass: ['issue', 'revoke', 'reissue', 'phone_link'],
  /** Issue 39: one scan at a site's gate (let in or refused, with the verdict's reasons), and the site director's override. */
  site_entry: ['scan', 'override'],
  /** Issue 13: the operations tools (a LINE message sent or refused; a Drive folder checked). */
  line_message: ['send', 'send_failed'],
  google_drive: ['test_permission'],
  /** Issue 11: site content. A library photo deleted from under a video or banner is an unlink_photo. */
  video: ['create', 'update', 'patch', 'delete', 'unlink_photo', 'restore'],
  banner: ['create', 'update', 'patch', 'delete', 'reorder', 'unlink_photo', 'restore'],
  /** A contact is created by the public form (no actor); handling is a patch. */
  contact: ['receive', 'patch', 'delete', 'export'],
  /** publish: a scheduled page going out at its minute (no actor); restore: a revision put back. */
  /** reorder (issue 26): one list's new order (a page type's, the products', a position's banners) in before/after `ids`. */
  page: ['create', 'update', 'patch', 'delete', 'publish', 'restore', 'unlink_photo', 'reorder'],
  page_category: ['create', 'update', 'delete', 'restore'],
  /** Issue 12: products. generate_instances: the instance set rebuilt from the attributes (created, kept, removed). */
  /** reorder: the products' order; reorder_instances: one product's instances dragged into order. */
  product: ['create', 'update', 'patch', 'delete', 'generate_instances', 'unlink_photo', 'reorder', 'reorder_instances', 'restore'],
  product_category: ['create', 'update', 'delete', 'restore'],
  /** An instance's SKU, price, stock, photo (update) or a batch price/stock edit (patch). */
  product_instance: ['update', 'patch', 'unlink_photo', 'restore'],
  /**
   * Issue 12: the website's members. Their own acts have no actor (members are not admins): sign-up,
   * e-mail confirmation, sign-in, profile, password; the back office's are update, patch, delete,
   * a reset mail and logging a device out.
   */
  member: [
    'sign_up',
    'confirm_email',
    'login',
    'login_failed',
    'logout',
    'logout_device',
    'link_identity',
    'update_profile',
    'send_reset_password_mail',
    'reset_password_by_mail',
    'update',
    'patch',
    'delete',
    // Issue 26: the member's own e-mail change and password change, and a confirmation mail sent again.
    'request_email_change',
    'cancel_email_change',
    'change_email',
    'reset_password',
    'send_confirmation_mail',
    // Issue 36: a value or an earlier state put back from the record's history.
    'restore',
  ],
} as const;

/** Target type → the union of its action codes. */
export type AuditActions = { [T in keyof typeof AUDIT_ACTIONS]: (typeof AUDIT_ACTIONS)[T][number] };

export type AuditTarget = keyof AuditActions;

/** Every target type, in declaration order. */
export const AUDIT_TARGETS = Object.keys(AUDIT_ACTIONS) as AuditTarget[];

/** Every distinct action code over all target types, sorted. */
export const AUDIT_ACTION_CODES: readonly string[] = [...new Set(Object.values(AUDIT_ACTIONS).flat() as string[])].sort();

export const isAuditTarget = (t: string): t is AuditTarget => Object.hasOwn(AUDIT_ACTIONS, t);
