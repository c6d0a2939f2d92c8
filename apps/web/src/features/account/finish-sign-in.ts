import type { SignInResponse, TwoFactorStep } from '@bo/shared/schemas/account';
import { signedIn } from '../../lib/session.ts';

/** What the two-factor page (/two-factor) is handed in the router's state: never in the address. */
export interface TwoFactorState {
  step: TwoFactorStep;
  /** Where the sign-in was going. */
  target: string;
}

type Go = (to: string, opts: { replace: true; state?: TwoFactorState }) => void;

/**
 * Every sign-in method's answer ends here (password, e-mail code, the social providers' return page):
 * a token starts the session and goes on to `target`; a two-factor step goes to /two-factor first,
 * which finishes the sign-in with its own token (two-factor-page.tsx).
 */
export async function finishSignIn(result: SignInResponse, go: Go, target: string): Promise<void> {
  if ('two_factor' in result) {
    go('/two-factor', { replace: true, state: { step: result.two_factor, target } });
    return;
  }
  await signedIn(result.token);
  go(target, { replace: true });
}
