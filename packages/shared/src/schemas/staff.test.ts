import { describe, expect, it } from 'vitest';
import { certificateStatus, isTaiwanNationalId, maskNationalId, staffDisplayName, staffInput, worstCertificateStatus } from './staff.ts';
import { addDays, todayInTaipei } from '../dates.ts';

describe('staff rules', () => {
  it('accepts national ids and resident certificates only with a valid check digit', () => {
    for (const ok of ['A123456789', 'a123456789', 'F131104093', 'A800000014', 'AC01234567']) expect(isTaiwanNationalId(ok), ok).toBe(true);
    for (const bad of ['A123456788', 'A323456789', '1234567890', 'A12345678', 'AE01234567', '', null])
      expect(isTaiwanNationalId(bad), String(bad)).toBe(false);
  });

  it('masks the national id as lists and exports show it', () => {
    expect(maskNationalId('A123456789')).toBe('A12****789');
    expect(maskNationalId(null)).toBeNull();
  });

  it('displays staff as "name (nickname)" (spec section 3)', () => {
    expect(staffDisplayName({ name: '王大明', nickname: '阿明' })).toBe('王大明 (阿明)');
    expect(staffDisplayName({ name: '王大明', nickname: null })).toBe('王大明');
  });

  it('takes a local mobile or a global phone (spec section 5) and upper-cases the national id', () => {
    expect(staffInput.parse({ name: 'x', mobile: '0912345678', national_id: 'a123456789' }).national_id).toBe('A123456789');
    expect(staffInput.safeParse({ name: 'x', mobile: '+886912345678' }).success).toBe(true);
    expect(staffInput.safeParse({ name: 'x', mobile: '12345' }).error?.issues[0]?.message).toBe('validate.error.phone_number_incorrect');
    expect(staffInput.parse({ name: 'x', email: '' }).email).toBeNull();
  });

  it('tells expired, expiring and valid certificates apart, in Taipei time', () => {
    expect(todayInTaipei(new Date('2026-01-01T16:30:00Z'))).toBe('2026-01-02');
    const today = '2026-06-01';
    expect(certificateStatus('2026-05-31', today)).toBe('expired');
    expect(certificateStatus('2026-06-01', today)).toBe('expiring');
    expect(certificateStatus(addDays(today, 30), today)).toBe('expiring');
    expect(certificateStatus(addDays(today, 31), today)).toBe('valid');
    expect(certificateStatus(null, today)).toBe('none');
    expect(worstCertificateStatus(['valid', 'expiring', 'none'])).toBe('expiring');
  });
});
