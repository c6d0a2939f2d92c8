import dayjs from 'dayjs';

/** A Form.Item's props for a date picker whose value stays a YYYY-MM-DD string in the form values (the picker gets dayjs). */
export const dateStringProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};
