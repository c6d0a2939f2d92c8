import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button, { type ButtonProps } from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import i18n from '../i18n/index.ts';
import { SHELL_TOAST, toast } from '../lib/toast.ts';

/** Copies text and shows the shell's "copy successfully" toast (spec section 8). */
export async function copyToClipboard(text: string): Promise<boolean> {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
  }
  if (ok) toast.success({ title: i18n.t('copy.success'), duration: SHELL_TOAST.duration });
  else toast.error({ title: i18n.t('copy.fail'), duration: SHELL_TOAST.duration });
  return ok;
}

export function CopyButton({ text, children, ...rest }: { text: string; children?: ReactNode } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const button = (
    <Button icon={<CopyOutlined />} aria-label={t('copy.button')} onClick={() => void copyToClipboard(text)} {...rest}>
      {children}
    </Button>
  );
  return children ? button : <Tooltip title={t('copy.button')}>{button}</Tooltip>;
}
