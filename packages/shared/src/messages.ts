/** Server messages of spec section 8; the web translates them by these exact strings. */
export const MESSAGES = {
  badRequest: 'Bad Request',
  unauthorized: 'Unauthorized',
  invalidToken: 'Invalid token',
  loginFail: 'Login fail',
  forbidden: 'Forbidden',
  fingerprintRequired: 'Fingerprint is required',
  permissionDenied: 'User permission denied',
  notFound: 'Not Found',
  notAcceptable: 'Not Acceptable',
  conflict: 'Conflict',
  recaptchaFail: 'Recaptcha verify fail',
  tooManyRequests: 'Too Many Requests',
  payloadTooLarge: 'Payload Too Large',
  unprocessable: 'Unprocessable Entity',
  methodNotAllowed: 'Method Not Allowed',
  serverError: 'Internal Server Error',
  /** Issue 10: a sensitive change needs POST /api/admin/account/verify-identity in the last five minutes. */
  identityVerificationRequired: 'Identity verification required',
  /** Issue 33: the database or the object store cannot be reached right now (PostgreSQL or S3 restarting, failing over); try again. */
  serviceUnavailable: 'Service Unavailable',
  /** Issue 33: the server's disk (DATA_DIR) is full: the upload or the change was not saved; reads go on working. */
  insufficientStorage: 'Insufficient Storage',
  imagesBusy: 'The server is busy processing other images; try again in a few seconds',
  /** Issue 34: one verify of the audit chain at a time; a caller asking for other days while one runs gets 409. */
  auditVerifyRunning: 'A check of the audit chain is already running; try again when it ends',
} as const;

/**
 * A 403 `User permission denied` for want of a role (issue 26) also says which role would do and who
 * grants it, so the web can say so in the user's language: `key` is the translation key,
 * `required_roles` the roles any one of which would do, `granted_by` the roles that may grant them.
 */
export const PERMISSION_KEYS = { roleMissing: 'permission.role_missing' } as const;
export interface RoleRefusal {
  message: string;
  key: typeof PERMISSION_KEYS.roleMissing;
  required_roles: string[];
  granted_by: string[];
}

export const VALIDATION_KEYS = {
  email: 'validate.error.email_incorrect',
  tooShort: 'validate.error.text_too_less',
  required: 'validate.error.required',
  phone: 'validate.error.phone_number_incorrect',
  invalid: 'validate.error.invalid',
  /** Issue 11: a video URL with no YouTube id (spec section 5's rule). */
  youtubeUrl: 'validate.error.youtube_url_incorrect',
  /** Rich text (page body, product description, mail template) the editor cannot produce: nested too deep or too many tags. */
  markupTooDeep: 'validate.error.markup_too_deep',
  markupTooManyTags: 'validate.error.markup_too_many_tags',
  /** Rich text that took longer than the sanitiser's time limit. */
  markupTooComplex: 'validate.error.markup_too_complex',
  /** Issue 34: a mail template's link (`href`) holds a variable that is not a URL (a name, a message…). */
  linkVariableOnly: 'validate.error.link_variable_only',
  /** Issue 26: a new order that is not exactly the list's rows (one added, moved or deleted meanwhile, or out of reach). */
  orderStale: 'validate.error.order_stale',
  /** Issue 26: the same row twice in a new order. */
  duplicateValue: 'validate.error.duplicate_value',
  /** Issue 36: deleting library photos still in use needs `confirm_uses: true` (the 409 lists the uses). */
  photoInUse: 'validate.error.photo_in_use',
  /** Issue 36: a write sent with a version the record has moved past (409: who changed which fields). */
  editedElsewhere: 'validate.error.edited_elsewhere',
  /** Issue 36: a write of an existing record sent without the version it was read at (428). */
  versionRequired: 'validate.error.version_required',
  /** Issue 38: a 統一編號 that is not 8 digits with a valid check digit. */
  taxId: 'validate.error.tax_id_incorrect',
  /** Issue 38: a period whose end is before its start. */
  endsBeforeStarts: 'validate.error.ends_before_starts',
  /** Issue 38: a name another row of the organization already has. */
  nameTaken: 'validate.error.name_taken',
  /** Issue 38: a contractor's worker on a site the contractor does not work on, or a contractor taken off a site it still has workers on. */
  contractorNotOnSite: 'validate.error.contractor_not_on_site',
  /** Issue 38: a worker put on a site whose roster already has them for an overlapping period. */
  alreadyOnRoster: 'validate.error.already_on_roster',
  /** Issue 38: a contractor that still has workers cannot be deleted. */
  contractorHasWorkers: 'validate.error.contractor_has_workers',
  /** Issue 36: a restore as of a day before the record existed (its state then is nothing). */
  notYetExisting: 'validate.error.not_yet_existing',
  /** Issue 36: a restore as of a day whose state is the record's state now: nothing would change. */
  nothingToRestore: 'validate.error.nothing_to_restore',
} as const;

/** Header names used on every API call (spec section 7). */
export const FINGERPRINT_HEADER = 'x-fingerprint';

/**
 * Issue 33: the notice of work the server's process was stopped in the middle of (a `kill -9`, a
 * power cut): nothing of it was kept, the admin who started it is asked to do it again.
 */
export const WORK_RUN_KEYS = {
  staff_import: 'work_run.staff_import_interrupted',
  staff_export: 'work_run.staff_export_interrupted',
  photo_upload: 'work_run.photo_upload_interrupted',
} as const;
