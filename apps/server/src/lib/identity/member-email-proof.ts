import type { Trx } from '../../db/database.ts';
import { confirmMemberEmail } from '../members.repository.ts';
import { retireOpenMemberLinks } from './member-links.repository.ts';

/**
 * A member proved its e-mail another way than its sign-up's own confirmation link: a mailed sign-in
 * code, a provider that verified the address, a reset link. An unconfirmed member becomes confirmed,
 * in one write with dropping its pending password: that password was chosen by whoever signed up with
 * the address, before anyone proved it, and takes effect only through that sign-up's confirmation link
 * (docs/identity.md "Unconfirmed members"). Open confirmation links die. The member sets a password by
 * the reset mail. Answers whether the member was unconfirmed until now.
 */
export async function proveMemberEmail(db: Trx, memberId: number): Promise<boolean> {
  const now = new Date().toISOString();
  const proven = await confirmMemberEmail(db, memberId, now);
  await retireOpenMemberLinks(db, memberId, 'confirm', now);
  return proven;
}
