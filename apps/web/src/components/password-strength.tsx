import { useTranslation } from 'react-i18next';
import { passwordStrength, type PasswordStrength } from '@bo/shared/validators';

const LEVEL: Record<PasswordStrength, { steps: number; color: string }> = {
  weak: { steps: 1, color: 'var(--bo-error)' },
  medium: { steps: 2, color: 'var(--bo-warning)' },
  strong: { steps: 3, color: 'var(--bo-success)' },
};

/** Strength meter of spec section 5 (strong / medium / weak). */
export function PasswordStrengthMeter({ value }: { value?: string }) {
  const { t } = useTranslation();
  if (!value) return <div className="strength-hint">{t('strength.hint')}</div>;
  const s = passwordStrength(value);
  const { steps, color } = LEVEL[s];
  return (
    <div className="strength" data-strength={s} aria-live="polite">
      <div className="strength-bars" aria-hidden>
        {[1, 2, 3].map((i) => (
          <span key={i} style={{ background: i <= steps ? color : undefined }} />
        ))}
      </div>
      <span className="strength-label" style={{ color }}>
        {t('strength.value', { value: t(`strength.${s}`) })}
      </span>
      {s !== 'strong' ? <div className="strength-hint">{t('strength.hint')}</div> : null}
    </div>
  );
}
