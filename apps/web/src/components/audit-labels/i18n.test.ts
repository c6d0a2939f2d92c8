import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@bo/shared/audit-actions';
import { i18n, LANGUAGES } from '../../i18n/index.ts';
import './i18n.ts';

/** Read without any language fallback: a missing English label must not pass on the Chinese one. */
const label = (lng: string, key: string): unknown => i18n.getResource(lng, 'audit-log', key);

describe('audit-log labels', () => {
  it.each(LANGUAGES)('names every target type in %s', (lng) => {
    const missing = AUDIT_TARGETS.filter((x) => typeof label(lng, `targets.${x}`) !== 'string' || !label(lng, `targets.${x}`));
    expect(missing, `add targets.<type> to apps/web/src/components/audit-labels/i18n.ts (${lng})`).toEqual([]);
  });

  it.each(LANGUAGES)('names every action of every target type in %s', (lng) => {
    const missing = Object.entries(AUDIT_ACTIONS).flatMap(([target, actions]) =>
      (actions as readonly string[])
        .filter((a) => typeof label(lng, `actions.${a}`) !== 'string' || !label(lng, `actions.${a}`))
        .map((a) => `${target}.${a}`),
    );
    expect(missing, `add actions.<code> to apps/web/src/components/audit-labels/i18n.ts (${lng})`).toEqual([]);
  });

  it('has the same field and value labels in both languages', () => {
    const keys = (v: unknown, prefix = ''): string[] =>
      v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => keys(x, prefix ? `${prefix}.${k}` : k)) : [prefix];
    for (const part of ['fields', 'values', 'actions', 'targets']) {
      expect(keys(label('en-US', part)).sort(), part).toEqual(keys(label('zh-TW', part)).sort());
    }
  });
});
