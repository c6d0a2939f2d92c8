/**
 * Phone numbers as Taiwanese write them (0912-345-678, (02) 2960-1234, +886 912 345 678): stored as
 * digits (spec section 5's rules apply to the digits), shown grouped.
 */

/** The number without its separators (spaces, dashes, dots, brackets; full-width forms folded first). */
export const phoneDigits = (v: string): string => v.normalize('NFKC').replace(/[\s\-().]/g, '');

/** Area codes of three digits (Miaoli, Nantou, Kinmen, Taitung…); every other landline has two. */
const THREE_DIGIT_AREAS = ['037', '049', '082', '089'];

/** A stored number as people read it: 0912-345-678, 02-2960-1234, 037-123-456, +886 912-345-678; anything else unchanged. */
export function groupedPhone(v: string): string {
  const d = phoneDigits(v);
  const taiwan = /^\+886(9\d{8})$/.exec(d);
  if (taiwan) return `+886 ${groupedPhone(`0${taiwan[1]}`).slice(1)}`;
  if (/^09\d{8}$/.test(d)) return `${d.slice(0, 4)}-${d.slice(4, 7)}-${d.slice(7)}`;
  if (/^0[2-8]\d{8}$/.test(d)) return `${d.slice(0, 2)}-${d.slice(2, 6)}-${d.slice(6)}`;
  if (/^0\d{8}$/.test(d)) {
    // 037-123-456 beside 07-234-5678: the local part is six or seven digits.
    const area = THREE_DIGIT_AREAS.includes(d.slice(0, 3)) ? 3 : 2;
    return `${d.slice(0, area)}-${d.slice(area, area + 3)}-${d.slice(area + 3)}`;
  }
  return v;
}
