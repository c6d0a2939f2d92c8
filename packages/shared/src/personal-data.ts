/** What a health value shows wherever it leaves masked (docs/personal-data.md "Masks"). */
export const PERSONAL_DATA_RECORDED = '已記錄';

/** A national id as masked (A12****789): sent back unchanged, it keeps the stored value. */
export const isMaskedNationalId = (v: string): boolean => /^[A-Z][A-Z0-9]{2}\*{4}\d{3}$/.test(v);
