import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/**
 * A list's "delete the selected rows" action: asks through `del` (useDeleteRows, which names the
 * rows in its confirm) and clears the selection once they are gone.
 */
export function BatchDeleteButton(props: {
  del: (ids: number[], names: string[]) => Promise<boolean>;
  ids: number[];
  names: string[];
  clear: () => void;
  label?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('resource');
  return (
    <Button
      danger
      icon={props.icon}
      data-testid={props.testId}
      onClick={async () => {
        if (await props.del(props.ids, props.names)) props.clear();
      }}
    >
      {props.label ?? t('delete')}
    </Button>
  );
}
