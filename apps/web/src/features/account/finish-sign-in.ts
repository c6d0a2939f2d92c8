import type { SignInResponse } from '@bo/shared/schemas/account';
import { signedIn } from '../../lib/session.ts';

/**
 * Every sign-in method's answer ends here (password, e-mail code, the social providers' return page):
 * the session starts with its token. One place, so a second step (two-factor) is added once.
 */
export async function finishSignIn(result: SignInResponse): Promise<void> {
  await signedIn(result.token);
}
