import { describe, expect, it } from 'vitest';
import { evidenceBody, visibleKinds } from './evidence-fields.ts';

describe('staff evidence fields', () => {
  it("shows a migrant worker's documents only for a nationality other than TW", () => {
    expect(visibleKinds({ nationality: 'TW' })).toEqual(['trainings', 'health-checks', 'insurances']);
    expect(visibleKinds({})).toEqual(['trainings', 'health-checks', 'insurances']);
    expect(visibleKinds({ nationality: 'VN' })).toEqual(['trainings', 'health-checks', 'insurances', 'migrant-documents']);
    expect(visibleKinds({ nationality: 'tw' })).not.toContain('migrant-documents');
  });

  it('sends the kind’s fields only, blanks as null, a sealed value as it was shown', () => {
    expect(
      evidenceBody('health-checks', {
        id: 3,
        check_kind: 'general',
        checked_on: '2026-01-02',
        provider: '  ',
        result_grade: '已記錄',
        has_file: true,
      }),
    ).toEqual({ check_kind: 'general', checked_on: '2026-01-02', provider: null, result_grade: '已記錄', notes: null });
    expect(
      evidenceBody('trainings', { course_kind: 'general', course_name: ' 一般 ', hours: 3, completed_on: '2026-01-02' }),
    ).toMatchObject({
      course_name: '一般',
      hours: 3,
      card_number: null,
    });
  });
});
