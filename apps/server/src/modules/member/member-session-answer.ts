import type { FastifyInstance } from 'fastify';
import type { SignInResponse } from '@bo/shared/schemas/account';
import { memberView } from './member.repository.ts';

/** A member sign-in's answer: the token and the member it is for. */
export async function memberSessionAnswer(app: Pick<FastifyInstance, 'tokens' | 'db'>, token: string) {
  const payload = await app.tokens.verify(token);
  return { token, member: await memberView(app.db, payload!.data.id) };
}

/** Members have no second factor (lib/sign-in/member-sessions.ts): a sign-in always ends in a token. */
export function tokenOf(answer: SignInResponse): string {
  if (!('token' in answer)) throw new Error('member sign-in asked for a second factor');
  return answer.token;
}
