import type { SignInResponse } from '@bo/shared/schemas/account';
import type { ReadDb } from '../../db/database.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { memberView } from './member.repository.ts';

/** A member sign-in's answer: the token and the member it is for. */
export async function memberSessionAnswer(tokens: TokenService, db: ReadDb, token: string) {
  const payload = await tokens.verify(token);
  return { token, member: await memberView(db, payload!.data.id) };
}

/** Members have no second factor (lib/sign-in/member-sessions.ts): a sign-in always ends in a token. */
export function tokenOf(answer: SignInResponse): string {
  if (!('token' in answer)) throw new Error('member sign-in asked for a second factor');
  return answer.token;
}
