import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import { setLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { attachToastSink, type ToastType } from '../../lib/toast.ts';
import { useServerFieldErrors } from './use-server-field-errors.ts';
import { toNamePath } from './field-rules.ts';

let form: FormInstance;
let hook: ReturnType<typeof useServerFieldErrors>;
function Harness() {
  const [f] = Form.useForm();
  form = f;
  hook = useServerFieldErrors(f);
  return (
    <Form form={f} initialValues={{ name: 'Ann', memberships: [{ organization_id: 3 }] }}>
      <Form.Item name="name">
        <Input />
      </Form.Item>
      <Form.List name="memberships">
        {(fields) =>
          fields.map((field) => (
            <Form.Item key={field.key} name={[field.name, 'organization_id']}>
              <Input />
            </Form.Item>
          ))
        }
      </Form.List>
      {hook.formError ? <div data-testid="form-error">{hook.formError}</div> : null}
    </Form>
  );
}

let toasts: Array<{ type: ToastType; title: unknown }>;
beforeEach(async () => {
  await setLanguage('en-US');
  toasts = [];
  attachToastSink({ open: (type, o) => toasts.push({ type, title: o.title }), destroy: () => {} });
  render(<Harness />);
});
afterEach(() => {
  cleanup();
  attachToastSink(null);
});

describe('useServerFieldErrors', () => {
  it('turns dotted server paths into antd name paths', () => {
    expect(toNamePath('memberships.0.organization_id')).toEqual(['memberships', 0, 'organization_id']);
    expect(toNamePath('name')).toEqual(['name']);
  });

  it('puts translated keys on the fields, nested list fields included, and nothing in a toast', async () => {
    act(() =>
      hook.onError(
        new ApiError(400, 'Bad Request', {
          name: ['validate.error.required'],
          'memberships.0.organization_id': ['validate.error.invalid'],
        }),
      ),
    );
    await waitFor(() => expect(form.getFieldError('name')).toEqual(['This field is required']));
    expect(form.getFieldError(['memberships', 0, 'organization_id'])).toEqual(['Invalid format']);
    expect(hook.formError).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('sends errors for the whole record (_) or a field the form lacks to formError', async () => {
    act(() =>
      hook.onError(
        new ApiError(409, 'Conflict', {
          _: ['validate.error.required'],
          'memberships.5.organization_id': ['validate.error.digits'],
          name: ['validate.error.unknown_key'],
        }),
      ),
    );
    await waitFor(() => expect(hook.formError).toBe('This field is required Digits only'));
    // An unknown key still lands on its field, as the generic message.
    expect(form.getFieldError('name')).toEqual(['Invalid format']);
    expect(toasts).toEqual([]);
  });

  it('shows errors without field errors (403, network) as a toast, and clears an old formError', async () => {
    act(() => hook.onError(new ApiError(400, 'Bad Request', { _: ['validate.error.required'] })));
    await waitFor(() => expect(hook.formError).not.toBeNull());
    act(() => hook.onError(new ApiError(403, 'User permission denied')));
    await waitFor(() => expect(hook.formError).toBeNull());
    expect(toasts).toEqual([{ type: 'error', title: 'You do not have permission to do this' }]);
    act(() => hook.onError(undefined));
    expect(toasts.at(-1)).toEqual({ type: 'error', title: 'Cannot reach the server, check your connection' });
  });
});
