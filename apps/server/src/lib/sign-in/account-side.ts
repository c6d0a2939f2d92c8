import type { Config } from '../../config.ts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { MailLocale } from '@bo/shared/schemas/mail';
import type { SignInResponse } from '@bo/shared/schemas/account';
import type { Trx, ReadDb } from '../../db/database.ts';
import type { CodePurpose } from '../../db/tables/one-time-codes.ts';
import type { OAuthProvider } from '../../db/tables/oauth.ts';
import type { CodeOwner } from '../identity/one-time-codes.repository.ts';
import type { VisitorPrincipal } from '../context/principals.ts';
import type { WriteContext } from '../context/request-context.ts';
import type { MailRequest } from '../mail/outbox.ts';
import type { FlowBinding, FlowPurpose } from '../oauth/flows.ts';
import type { SignInAccounts } from './accounts.ts';
import type { CredentialStrategy } from './credential-strategy.ts';
import type { OAuthCredentials } from './oauth-strategy.ts';
import type { ProvenAccount } from './proven-account.ts';
import type { SignIn } from './sign-in.ts';
import type { SignInClient } from './sign-in-client.ts';

/**
 * One route as a side declares it: its OpenAPI description, body and responses, and its access config
 * (roles, errors). The factory adds the path, its parameters, the side's tags and the handler.
 */
export interface AccountRoute<B = unknown> {
  description?: string;
  body?: z.ZodType<B>;
  response: Record<number, z.ZodType>;
  config: FastifyContextConfig;
}

interface SignInBody {
  keep_login?: boolean | undefined;
  recaptcha?: string | undefined;
}
export interface PasswordBody extends SignInBody {
  email: string;
  password: string;
}
export interface EmailCodeBody extends SignInBody {
  email: string;
  code?: string | undefined;
  locale?: MailLocale | undefined;
}
export type OAuthStartBody = { browser_binding?: string | undefined } | undefined;
export interface OAuthReturnBody {
  code: string;
  state: string;
  keep_login?: boolean | undefined;
  browser_binding?: string | undefined;
}
export interface ResetMailBody {
  email: string;
  recaptcha?: string | undefined;
  locale?: MailLocale | undefined;
}
export interface ResetByMailBody {
  token: string;
  password: string;
}

/** Issue 26: an e-mail change asked for by the signed-in account (members also send their current password). */
export interface EmailChangeBody {
  email: string;
  locale?: MailLocale | undefined;
  current_password?: string | undefined;
}
export interface ConfirmEmailChangeBody {
  code: string;
}

/** The signed-in account whose e-mail changes: its current address, what mails greet it by, its mails' language. */
export interface ChangingAccount {
  id: number;
  email: string;
  greeting: string;
  locale: MailLocale;
}

/** What mails (a sign-in code, a reset link) need of an account found by its e-mail; only an active one is mailed. */
export interface MailedAccount {
  id: number;
  email: string;
  status: string;
}

/** A set-password link used up: whose it is, and what the audit entry and the answer say of it. */
export interface UsedResetLink {
  accountId: number;
  /** The account's e-mail, when the answer tells it (admins). */
  email?: string;
  after?: Record<string, unknown>;
}

/**
 * One principal type's account routes (lib/sign-in/account-routes.ts): admins' under /api/admin/account,
 * the website members' under /api/member/account. The side supplies its account source, its session
 * store, its route declarations (schemas, roles, errors, descriptions) and hooks where the two really differ.
 */
export interface AccountSide<P extends ProvenAccount, A extends MailedAccount, Answer, ProfileBody = unknown, RenewBody = unknown> {
  prefix: `/api/${string}/account`;
  /** The OpenAPI tags of every route. */
  tags: string[];
  accounts: SignInAccounts<P>;
  signIn: SignIn<P>;
  /** What a sign-in answers once the pipeline has (admins: the token or the second step; members: the token and the member). */
  signedIn(req: FastifyRequest, response: SignInResponse): Promise<Answer>;
  /** The account a sign-in code or a reset link is mailed to, by its (lower-cased) e-mail. */
  mailedAccount: (db: ReadDb, email: string) => Promise<A | undefined>;

  password: { route: AccountRoute<PasswordBody> };
  emailCode: {
    route: AccountRoute<EmailCodeBody>;
    /** The send-pacing kind of the code mail (lib/identity/send-pacing.ts). */
    pace: string;
    purpose: CodePurpose;
    /** Whose code it is (one_time_codes' admin_id / member_id) and the mail's adminId. */
    owner(account: A): { adminId: number | null; memberId?: number };
    /** The name the mail greets the account by. */
    greeting(account: A): string;
    /** The answer once a code is mailed (or, for an unknown e-mail, would have been). */
    sent: Record<string, unknown>;
    /** Members: a code proves the e-mail, so it confirms it. */
    proved?(req: FastifyRequest, answer: Answer): Promise<Answer>;
  };
  oauth: {
    url: AccountRoute<OAuthStartBody>;
    login: AccountRoute<OAuthReturnBody>;
    purpose: FlowPurpose;
    /** The browser a flow is bound to: X-Fingerprint, and the website's cookie value when it sends one. */
    binding(client: SignInClient, browserBinding: string | undefined): FlowBinding;
    strategy(app: FastifyInstance, client: SignInClient): CredentialStrategy<OAuthCredentials, P>;
    /** Whether this side signs in with a configured provider now (admins: Google only with adminGoogleLogin); unset: every configured one. */
    allowed?: (db: ReadDb, provider: OAuthProvider) => Promise<boolean>;
  };
  reset: {
    mailRoute: AccountRoute<ResetMailBody>;
    byMailRoute: AccountRoute<ResetByMailBody>;
    pace: string;
    /** Makes the set-password link and answers its mail, in the visitor's transaction. */
    mail(trx: Trx, account: A, opts: { locale: MailLocale; ip: string; config: Config }): Promise<MailRequest>;
    /** Opens the link of `token` and uses it up (400 when it is not valid). */
    useLink(trx: Trx, token: string): Promise<UsedResetLink>;
    setPassword(trx: Trx, accountId: number, passwordHash: string, at: string): Promise<void>;
    /** Who the entry of the change is recorded as: the account the link proved, or the visitor. */
    auditAs(ctx: WriteContext<VisitorPrincipal>, accountId: number, client: SignInClient): Pick<WriteContext, 'audit'>;
    answer(reply: FastifyReply, link: UsedResetLink): unknown;
  };
  profile: {
    get: AccountRoute;
    put: AccountRoute<ProfileBody>;
    view(req: FastifyRequest): Promise<unknown>;
    /** Writes the change and its audit entry in the signed-in principal's transaction. */
    update(req: FastifyRequest<{ Body: ProfileBody }>): Promise<void>;
  };
  /** Issue 26 (docs/identity.md "E-mail change"): a code to the new address, a notice to the old, the change once confirmed. */
  emailChange: {
    start: AccountRoute<EmailChangeBody>;
    confirm: AccountRoute<ConfirmEmailChangeBody>;
    cancel: AccountRoute;
    /** The codes' purpose (one_time_codes), and the send-pacing kind of the code mail. */
    purpose: CodePurpose;
    pace: string;
    account(req: FastifyRequest): Promise<ChangingAccount>;
    owner(accountId: number): CodeOwner;
    /** That the signed-in person may change it: admins' verify identity, members' current password. */
    prove(req: FastifyRequest<{ Body: EmailChangeBody }>, account: ChangingAccount): Promise<void>;
    /** Whether another account has the address. */
    taken: (db: ReadDb, email: string, accountId: number) => Promise<boolean>;
    /**
     * When a request names another account's address: 'conflict' answers 409 at once (admins, who see
     * every admin anyway); 'same' answers, paces and mails as for any address, and only the confirmation
     * is refused (members: the request tells nobody which addresses have a member).
     */
    takenOnRequest: 'conflict' | 'same';
    /** The mails' brand: the website's name and support address for members, the back office's for admins. */
    brand: 'website' | 'app';
    /** The mail's link that confirms with `code`: a page of the signed-in account (web profile, website profile). */
    link(code: string, config: Config): string;
    /** The signed-in principal's door (`req.read(door)`, `req.write(door, fn)`): the routes' roles name it. */
    door: 'admin' | 'member';
    setEmail(trx: Trx, accountId: number, email: string, at: string): Promise<void>;
  };
  sessions: {
    renew: AccountRoute<RenewBody> & { method: 'PUT' | 'POST' };
    logout: AccountRoute & { method: 'PUT' | 'POST' };
    renewed(req: FastifyRequest<{ Body: RenewBody }>): Promise<unknown>;
    /** Signs this browser out (the device's token dies) with its audit entry, and answers. */
    close(req: FastifyRequest, reply: FastifyReply): Promise<unknown>;
    /** Every browser of the account is signed out (a password set by a mailed link). */
    closeAll(trx: Trx, accountId: number, at: string): Promise<void>;
  };
}
