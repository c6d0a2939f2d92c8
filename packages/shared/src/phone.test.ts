import { describe, expect, it } from 'vitest';
import { groupedPhone, phoneDigits } from './phone.ts';

describe('phone numbers', () => {
  it('drops the separators Taiwanese numbers are written with, full-width ones included', () => {
    expect(phoneDigits('0912-345-678')).toBe('0912345678');
    expect(phoneDigits('(02) 2960-1234')).toBe('0229601234');
    expect(phoneDigits('０２．２９６０．１２３４')).toBe('0229601234');
    expect(phoneDigits('+886 912 345 678')).toBe('+886912345678');
  });

  it('shows stored digits grouped: mobiles 4-3-3, Taipei 2-4-4, three-digit areas, +886 mobiles', () => {
    expect(groupedPhone('0912345678')).toBe('0912-345-678');
    expect(groupedPhone('0223456789')).toBe('02-2345-6789');
    expect(groupedPhone('0229601234')).toBe('02-2960-1234');
    expect(groupedPhone('072345678')).toBe('07-234-5678');
    expect(groupedPhone('037123456')).toBe('037-123-456');
    expect(groupedPhone('+886912345678')).toBe('+886 912-345-678');
  });

  it('leaves what it does not recognise as written', () => {
    expect(groupedPhone('+14155550123')).toBe('+14155550123');
    expect(groupedPhone('12345')).toBe('12345');
  });
});
