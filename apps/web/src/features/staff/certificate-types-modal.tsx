import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { certificateTypesQuery, useCertificateTypeMutations } from './api.ts';
import './i18n.ts';
import '../../components/resource/i18n.ts';

/** The organization's editable list of certificate types (occupational safety, first aid, crane operator, ...). */
export function CertificateTypesButton({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('staff');
  const { t: tc } = useTranslation();
  const { t: tr } = useTranslation('resource');
  const [open, setOpen] = useState(false);
  const q = useQuery({ ...certificateTypesQuery(), enabled: open });
  const m = useCertificateTypeMutations();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string; sort: number } | null>(null);
  const fail = (e: unknown) => {
    const key = e instanceof ApiError ? Object.values(e.errors ?? {})[0]?.[0] : undefined;
    toast.error({ title: key === 'validate.error.in_use' ? t('typeInUse') : key ? tc(key) : errorText(e), duration: SHELL_TOAST.duration });
  };
  const add = async () => {
    if (!name.trim()) return;
    try {
      await m.create.mutateAsync(name.trim());
      setName('');
    } catch (e) {
      fail(e);
    }
  };
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)} data-testid="certificate-types">
        {t('manageTypes')}
      </Button>
      <Modal open={open} title={t('types')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <List
            loading={q.isPending}
            dataSource={q.data?.data ?? []}
            locale={{
              emptyText: (
                <EmptyState
                  description={t('noTypes')}
                  action={
                    canWrite ? (
                      <Button onClick={() => m.defaults.mutate()} loading={m.defaults.isPending}>
                        {t('addDefaults')}
                      </Button>
                    ) : undefined
                  }
                />
              ),
            }}
            renderItem={(type) => (
              <List.Item
                actions={
                  canWrite
                    ? [
                        editing?.id === type.id ? (
                          <Button
                            key="save"
                            size="small"
                            type="primary"
                            onClick={async () => {
                              try {
                                await m.rename.mutateAsync(editing);
                                setEditing(null);
                              } catch (e) {
                                fail(e);
                              }
                            }}
                          >
                            {tc('common.save')}
                          </Button>
                        ) : (
                          <Button key="edit" size="small" onClick={() => setEditing({ id: type.id, name: type.name, sort: type.sort })}>
                            {tr('edit')}
                          </Button>
                        ),
                        <Button
                          key="del"
                          size="small"
                          danger
                          onClick={async () => {
                            try {
                              await m.remove.mutateAsync(type.id);
                            } catch (e) {
                              fail(e);
                            }
                          }}
                        >
                          {tr('delete')}
                        </Button>,
                      ]
                    : []
                }
              >
                {editing?.id === type.id ? (
                  <Input
                    value={editing.name}
                    onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                    onPressEnter={async () => {
                      try {
                        await m.rename.mutateAsync(editing);
                        setEditing(null);
                      } catch (e) {
                        fail(e);
                      }
                    }}
                  />
                ) : (
                  <Typography.Text>{type.name}</Typography.Text>
                )}
              </List.Item>
            )}
          />
        )}
        {canWrite ? (
          <Flex gap={8} style={{ marginTop: 12 }} wrap>
            <Input
              style={{ flex: '1 1 200px' }}
              placeholder={t('typeName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={add}
              data-testid="type-name"
            />
            <Button type="primary" onClick={add} loading={m.create.isPending}>
              {t('addType')}
            </Button>
            {q.data?.data.length ? (
              <Button onClick={() => m.defaults.mutate()} loading={m.defaults.isPending}>
                {t('addDefaults')}
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </Modal>
    </>
  );
}
