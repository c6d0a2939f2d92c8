import { MESSAGES, PERMISSION_KEYS } from '@bo/shared/messages';
import { grantersOf } from '@bo/shared/permissions';

/** An error the client may see: status code, a spec message and optional field errors. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More fields of the body beside message and errors (a role refusal's roles). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (errors?: Record<string, string[]>, message: string = MESSAGES.badRequest) => new AppError(400, message, errors);
export const invalidToken = () => new AppError(401, MESSAGES.invalidToken);
export const unauthorized = () => new AppError(401, MESSAGES.unauthorized);
export const loginFail = () => new AppError(401, MESSAGES.loginFail);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const permissionDenied = () => new AppError(403, MESSAGES.permissionDenied);
/** 403 for want of a role: names the roles any one of which would do and who may grant them (RoleRefusal). */
export const roleMissing = (requiredRoles: readonly string[]) =>
  new AppError(403, MESSAGES.permissionDenied, undefined, undefined, {
    key: PERMISSION_KEYS.roleMissing,
    required_roles: [...requiredRoles],
    granted_by: grantersOf(requiredRoles),
  });
export const notFound = () => new AppError(404, MESSAGES.notFound);
export const methodNotAllowed = () => new AppError(405, MESSAGES.methodNotAllowed);
export const conflict = (errors?: Record<string, string[]>, message: string = MESSAGES.conflict) => new AppError(409, message, errors);
export const payloadTooLarge = (message: string = MESSAGES.payloadTooLarge) => new AppError(413, message);
export const unprocessable = (message: string = MESSAGES.unprocessable, errors?: Record<string, string[]>) =>
  new AppError(422, message, errors);
export const recaptchaFail = () => new AppError(423, MESSAGES.recaptchaFail);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, MESSAGES.tooManyRequests, undefined, { 'retry-after': String(retryAfterSeconds) });
/** The database or the object store cannot be reached right now (lib/dependency-unavailable.ts): try again after Retry-After. */
export const serviceUnavailable = (retryAfterSeconds: number) =>
  new AppError(503, MESSAGES.serviceUnavailable, undefined, { 'retry-after': String(retryAfterSeconds) });
/** Image work is at capacity (lib/images/image-queue.ts): try again after Retry-After. */
export const imagesBusy = (retryAfterSeconds: number) =>
  new AppError(503, MESSAGES.imagesBusy, undefined, { 'retry-after': String(retryAfterSeconds) });
/** The disk under DATA_DIR is full (lib/out-of-space.ts): nothing was stored. */
export const insufficientStorage = () => new AppError(507, MESSAGES.insufficientStorage);

/** A zod failure as the error body's `errors`: each path (dotted) with its translation key, `validate.error.invalid` otherwise. */
export function fieldErrorsOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'fields';
    errors[key] = [...(errors[key] ?? []), issue.message.startsWith('validate.') ? issue.message : 'validate.error.invalid'];
  }
  return errors;
}
