import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { i18n } from '../../i18n/index.ts';
import { TagValuesInput } from './attributes-input.tsx';
import './i18n.ts';

function Harness({ initial = [] as string[] }) {
  const [values, setValues] = useState(initial);
  return (
    <>
      <TagValuesInput label="values" value={values} onChange={setValues} />
      <output data-testid="values">{values.join('|')}</output>
    </>
  );
}

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o)
    .flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    .map((k) => k.replace(/_one$/, ''))
    .filter((k, i, all) => all.indexOf(k) === i)
    .sort();

describe('attribute values as tags', () => {
  afterEach(cleanup);

  it('adds typed values on Enter and on a comma, and refuses one already in the list', () => {
    render(<Harness initial={['20kg']} />);
    const input = screen.getByLabelText('values');
    fireEvent.change(input, { target: { value: '40kg' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('values').textContent).toBe('20kg|40kg');
    fireEvent.change(input, { target: { value: ' 20kg ' } });
    fireEvent.keyDown(input, { key: ',' });
    expect(screen.getByTestId('values').textContent).toBe('20kg|40kg');
    expect(screen.getByRole('alert').textContent).toContain('20kg');
    expect((input as HTMLInputElement).value).toBe(' 20kg ');
  });

  it('adds what is left in the field when it loses focus, and removes a tag by its close button', () => {
    render(<Harness initial={['灰']} />);
    const input = screen.getByLabelText('values');
    fireEvent.change(input, { target: { value: '白，黑' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('values').textContent).toBe('灰|白|黑');
    fireEvent.click(screen.getByLabelText('移除 白'));
    expect(screen.getByTestId('values').textContent).toBe('灰|黑');
  });

  it('leaves Enter to an input method that is composing', () => {
    render(<Harness />);
    const input = screen.getByLabelText('values');
    fireEvent.change(input, { target: { value: 'ㄏㄨㄟ' } });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(screen.getByTestId('values').textContent).toBe('');
  });
});

describe('product strings', () => {
  it('has the same keys in zh-TW and en-US, none empty, and the server keys it meets translated', () => {
    const zh = i18n.getResourceBundle('zh-TW', 'product');
    const en = i18n.getResourceBundle('en-US', 'product');
    expect(keys(en)).toEqual(keys(zh));
    for (const key of ['sku_taken', 'instances_would_be_removed', 'duplicate_value'])
      for (const lng of ['zh-TW', 'en-US']) expect(i18n.t(`validate.error.${key}`, { lng }), `${lng} ${key}`).not.toMatch(/^validate\./);
  });
});
