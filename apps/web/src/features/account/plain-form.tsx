import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleObject } from 'antd/es/form';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import type { FieldSchema } from '../../components/resource/field-rules.ts';
import { schemaRule } from '../../components/resource/field-rules.ts';
import { SvgIcon } from '../../components/svg-icon.tsx';
import '../../styles/plain-form.css';

/**
 * Form controls of plain HTML for the sign-in route, which loads no Ant Design: they look like antd's
 * large vertical form (styles/plain-form.css, from the theme's CSS variables) and validate with the
 * shared schemas through schemaRule, with the same messages as every other form.
 */

/** The message schemaRule gives for `value`, or null when the schema accepts it. */
export async function fieldError(field: FieldSchema, value: string): Promise<string | null> {
  const rule = schemaRule(field) as RuleObject;
  try {
    await rule.validator?.(rule, value, () => undefined);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** A labelled field: the control, and its error under it (announced, and named by the control's aria-describedby). */
export function PlainField({ id, label, error, children }: { id: string; label?: string; error?: string | null; children: ReactNode }) {
  return (
    <div className={`plain-field${error ? ' has-error' : ''}`}>
      {label ? (
        <label className="plain-label" htmlFor={id}>
          {label}
        </label>
      ) : null}
      {children}
      {error ? (
        <div id={`${id}_help`} className="plain-explain" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  id: string;
  ref?: Ref<HTMLInputElement>;
  prefix?: ReactNode;
  error?: string | null;
};

/** A large text input with an icon in front (antd's Input with `prefix`). */
export function PlainInput({ prefix, error, className, ...input }: InputProps & { suffix?: ReactNode }) {
  const { suffix, ...rest } = input;
  return (
    <span className={`plain-input${error ? ' is-invalid' : ''}${input.disabled ? ' is-disabled' : ''}${className ? ` ${className}` : ''}`}>
      {prefix ? <span className="plain-input-prefix">{prefix}</span> : null}
      <input aria-invalid={error ? true : undefined} aria-describedby={error ? `${input.id}_help` : undefined} {...rest} />
      {suffix ? <span className="plain-input-suffix">{suffix}</span> : null}
    </span>
  );
}

/** A password input with the show/hide button (antd's Input.Password). */
export function PlainPassword(props: Omit<InputProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PlainInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="plain-password-toggle"
          aria-label={visible ? t('signIn.hidePassword') : t('signIn.showPassword')}
          aria-pressed={visible}
          disabled={props.disabled}
          data-testid="password-toggle"
          onClick={() => setVisible((v) => !v)}
        >
          <SvgIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      }
    />
  );
}

/** A checkbox with its label (antd's Checkbox). */
export function PlainCheckbox({ children, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { children: ReactNode }) {
  return (
    <label className={`plain-checkbox${input.disabled ? ' is-disabled' : ''}`}>
      <input type="checkbox" {...input} />
      <span>{children}</span>
    </label>
  );
}

/** A large full-width button (antd's Button `size="large" block`), solid in the primary colour or outlined; a spinner while `loading`. */
export function PlainButton({
  primary,
  loading,
  className,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { primary?: boolean; loading?: boolean }) {
  return (
    <button
      type="button"
      {...button}
      aria-busy={loading || undefined}
      className={`plain-button${primary ? ' plain-button-primary' : ''}${loading ? ' is-loading' : ''}${className ? ` ${className}` : ''}`}
    >
      {loading ? <span className="plain-button-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
