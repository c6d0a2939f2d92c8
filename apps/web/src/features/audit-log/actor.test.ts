import { describe, expect, it } from 'vitest';
import { PRINCIPAL_KINDS } from '@bo/shared/schemas/audit-log';
import { i18n } from '../../i18n/index.ts';
import { actorOf } from './actor.ts';
import '../../components/audit-labels/i18n.ts';

const admin = { id: 3, email: 'amy@example.com', name: 'Amy' };
const entry = (actor_kind: (typeof PRINCIPAL_KINDS)[number], more: { actor?: typeof admin | null; user_agent?: string | null } = {}) => ({
  actor_kind,
  actor: null,
  user_agent: null,
  ...more,
});

describe('who acted, in the audit list', () => {
  const zh = i18n.getFixedT('zh-TW', 'audit-log');
  const en = i18n.getFixedT('en-US', 'audit-log');

  it('names an admin by name and e-mail', () => {
    expect(actorOf(entry('admin', { actor: admin }), zh)).toBe('Amy <amy@example.com>');
    expect(actorOf(entry('admin', { actor: { ...admin, name: '' } }), en)).toBe('amy@example.com');
  });

  it('names the other principals by their kind in both languages', () => {
    expect(actorOf(entry('member'), zh)).toBe('會員');
    expect(actorOf(entry('member'), en)).toBe('Member');
    expect(actorOf(entry('visitor', { user_agent: 'Mozilla/5.0' }), zh)).toBe('訪客');
    expect(actorOf(entry('visitor'), en)).toBe('Visitor');
    expect(actorOf(entry('operator', { user_agent: 'cli' }), zh)).toBe('操作員 (CLI)');
    expect(actorOf(entry('operator', { user_agent: 'cli' }), en)).toBe('Operator (CLI)');
  });

  it('names a scheduled job after the system', () => {
    expect(actorOf(entry('system', { user_agent: 'publish-scheduled-pages' }), zh)).toBe('系統：定時發布頁面');
    expect(actorOf(entry('system', { user_agent: 'publish-scheduled-pages' }), en)).toBe('System: scheduled page publishing');
    expect(actorOf(entry('system', { user_agent: 'audit-chain-hourly-anchor' }), zh)).toBe('系統：稽核鏈每小時錨點');
    expect(actorOf(entry('system', { user_agent: 'start-up' }), zh)).toBe('系統：啟動');
    expect(actorOf(entry('system', { user_agent: 'nightly-new-job' }), zh)).toBe('系統：nightly-new-job');
  });

  it('has a label for every kind of principal in both languages', () => {
    for (const lng of ['zh-TW', 'en-US'])
      for (const kind of PRINCIPAL_KINDS) expect(i18n.getResource(lng, 'audit-log', `actorKinds.${kind}`), `${lng} ${kind}`).toBeTruthy();
  });

  it('falls back on the kind when an admin entry has lost its admin', () => {
    expect(actorOf(entry('admin'), en)).toBe('Admin');
  });
});
