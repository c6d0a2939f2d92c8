import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import AntApp from 'antd/es/app';
import Typography from 'antd/es/typography';
import './i18n.ts';

export interface DestructiveConfirm {
  title: ReactNode;
  /** What is deleted, named (e.g. the selected admins' names). At most 10 are listed. */
  items?: string[];
  /** The line above `items` ("This deletes:" unless given, e.g. "This disables:"). */
  itemsLabel?: ReactNode;
  /** What goes along with it (e.g. "3 members, 12 staff"). */
  alsoGoes?: string[];
  /** More about what the deletion takes with it, above the closing line (e.g. a photo's uses). */
  details?: ReactNode;
  okText?: string;
  /** The closing line ("This cannot be undone." unless given). */
  note?: ReactNode;
}

/**
 * A confirmation for destructive actions that names what goes. Resolves true on confirm.
 *
 *   const confirm = useConfirmDestructive();
 *   if (await confirm({ title: t('resource:confirmDelete'), items: rows.map((r) => r.name) })) remove.mutate(...)
 */
export function useConfirmDestructive() {
  const { modal } = AntApp.useApp();
  const { t } = useTranslation('resource');
  return useCallback(
    (o: DestructiveConfirm) =>
      new Promise<boolean>((resolve) => {
        const list = (o.items ?? []).slice(0, 10);
        const more = (o.items?.length ?? 0) - list.length;
        modal.confirm({
          title: o.title,
          okText: o.okText ?? t('confirmOk'),
          okButtonProps: { danger: true, ...({ 'data-testid': 'confirm-ok' } as object) },
          cancelText: t('cancel'),
          content: (
            <div className="destructive-confirm">
              {list.length ? (
                <Typography.Paragraph style={{ marginBottom: 4 }}>{o.itemsLabel ?? t('willDelete')}</Typography.Paragraph>
              ) : null}
              {list.length ? (
                <ul>
                  {list.map((i, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a list that never reorders, whose names may repeat
                    <li key={n}>{i}</li>
                  ))}
                  {more > 0 ? <li>… +{more}</li> : null}
                </ul>
              ) : null}
              {o.alsoGoes?.length ? (
                <>
                  <Typography.Paragraph type="danger" style={{ marginBottom: 4 }}>
                    {t('alsoGoes')}
                  </Typography.Paragraph>
                  <ul>
                    {o.alsoGoes.map((i) => (
                      <li key={i}>{i}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              {o.details}
              <Typography.Text type="secondary">{o.note ?? t('cannotUndo')}</Typography.Text>
            </div>
          ),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
}
