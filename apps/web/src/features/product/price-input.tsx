import InputNumber, { type InputNumberProps } from 'antd/es/input-number';

const thousands = (v: number | string | undefined) => (v === undefined || v === '' ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
const digits = (v: string | undefined) => (v ? v.replace(/[^\d]/g, '') : '') as unknown as number;

/** A price in whole New Taiwan dollars, shown with thousands separators. */
export function PriceInput(props: Omit<InputNumberProps<number>, 'prefix' | 'min' | 'precision' | 'formatter' | 'parser'>) {
  return <InputNumber<number> {...props} prefix="NT$" min={0} precision={0} formatter={thousands} parser={digits} />;
}
