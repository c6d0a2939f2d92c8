import { type MutableRefObject, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import DatePicker from 'antd/es/date-picker';
import Button from 'antd/es/button';
import Row from 'antd/es/row';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { certificateStatus, type Staff, type StaffInput } from '@bo/shared/schemas/staff';
import { todayInTaipei } from '@bo/shared/dates';
import { errorText } from '../../lib/api-client.ts';
import { SHELL_TOAST, toast } from '../../lib/toast.ts';
import type { useDownloads } from '../../components/download-progress.tsx';
import { dateStringProps } from '../../components/resource/date-string-props.ts';
import { certificateFile, certificateTypesQuery, useStaffFiles } from './api.ts';
import { CertificateExpiryTag } from './certificate-status-tag.tsx';
import { CertificateTypesButton } from './certificate-types-modal.tsx';
import './i18n.ts';

export type CertificateRow = NonNullable<StaffInput['certificates']>[number] & { pending_file?: string };

const ACCEPT_FILES = '.pdf,.png,.jpg,.jpeg,.gif,application/pdf,image/png,image/jpeg,image/gif';

/**
 * Scanned files chosen for certificate rows not saved yet: kept by Form.List key until the staff is
 * saved, then uploaded to the certificates the save created (they come back in the order they were added).
 */
export function useNewRowFiles() {
  const files = useStaffFiles();
  const pending = useRef(new Map<number, File>());
  /** The Form.List keys of the rows, in order. */
  const listKeys = useRef<number[]>([]);
  const uploadAfterSave = async (saved: Staff, before: Set<number | undefined>, rows: CertificateRow[] | undefined) => {
    const keys = listKeys.current;
    const added = saved.certificates.filter((c) => !before.has(c.id));
    let n = 0;
    for (const [i, row] of (rows ?? []).entries()) {
      if (row.id) continue;
      const cert = added[n++];
      const file = pending.current.get(keys[i] ?? -1);
      if (cert && file) await files.uploadCertificateFile(saved.id, cert.id, file);
    }
    pending.current.clear();
  };
  return { pending, listKeys, uploadAfterSave };
}

export interface CertificateRowsProps {
  form: FormInstance;
  /** The staff as last loaded (read when a row renders, so a file added shows without resetting the rows). */
  staffRef: MutableRefObject<Staff | undefined>;
  newRowFiles: ReturnType<typeof useNewRowFiles>;
  canWrite: boolean;
  downloads: ReturnType<typeof useDownloads>;
}

/** A staff's certificates: type, number, dates (the expiry's status beside it) and the scanned file of each. */
export function CertificateRows({ form, staffRef, newRowFiles, canWrite, downloads }: CertificateRowsProps) {
  const { t } = useTranslation('staff');
  const files = useStaffFiles();
  const { pending, listKeys } = newRowFiles;
  const types = useQuery(certificateTypesQuery());
  const typeOptions = useMemo(() => (types.data?.data ?? []).map((ty) => ({ value: ty.id, label: ty.name })), [types.data]);
  const today = todayInTaipei();

  const uploadFor = async (certificateId: number, file: File) => {
    try {
      await files.uploadCertificateFile(Number(staffRef.current?.id), certificateId, file);
      toast.success({ title: t('fileUploaded'), duration: SHELL_TOAST.duration });
    } catch (e) {
      toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    }
  };

  return (
    <Form.List name="certificates">
      {(fields, { add, remove }) => {
        listKeys.current = fields.map((f) => f.key);
        return (
          <div data-testid="certificate-rows">
            {fields.map((field) => {
              return (
                <div className="staff-cert-row" key={field.key}>
                  <Row gutter={12}>
                    <Form.Item name={[field.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'certificate_type_id']}
                        label={t('certificateType')}
                        rules={[{ required: true, message: t('validate.error.required', { ns: 'common' }) }]}
                      >
                        <Select
                          options={typeOptions}
                          loading={types.isPending}
                          showSearch={{ optionFilterProp: 'label' }}
                          data-testid="certificate-type"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={6}>
                      <Form.Item name={[field.name, 'number']} label={t('certificateNumber')}>
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[field.name, 'issued_at']} label={t('issuedAt')} {...dateStringProps}>
                        <DatePicker style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item noStyle shouldUpdate>
                        {() => {
                          const exp = form.getFieldValue(['certificates', field.name, 'expires_at']) as string | null;
                          const st = certificateStatus(exp ?? null, today);
                          const id = form.getFieldValue(['certificates', field.name, 'id']) as number | undefined;
                          const superseded = !!id && !!staffRef.current?.certificates.find((c) => c.id === id)?.superseded;
                          return (
                            <Form.Item
                              name={[field.name, 'expires_at']}
                              label={
                                <Flex gap={4} align="center">
                                  {t('expiresAt')}
                                  {exp ? <CertificateExpiryTag status={st} superseded={superseded} /> : null}
                                </Flex>
                              }
                              {...dateStringProps}
                            >
                              <DatePicker
                                style={{ width: '100%' }}
                                status={superseded ? undefined : st === 'expired' ? 'error' : st === 'expiring' ? 'warning' : undefined}
                              />
                            </Form.Item>
                          );
                        }}
                      </Form.Item>
                    </Col>
                  </Row>
                  {/* shouldUpdate: a file picked for an unsaved row is noted in the form store, which re-renders this part. */}
                  <Form.Item noStyle shouldUpdate>
                    {() => {
                      const row = form.getFieldValue(['certificates', field.name]) as CertificateRow | undefined;
                      const staff = staffRef.current;
                      const saved = row?.id ? staff?.certificates.find((c) => c.id === row.id) : undefined;
                      const file = row?.pending_file ? pending.current.get(field.key) : undefined;
                      return (
                        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
                          <Typography.Text type="secondary">
                            <PaperClipOutlined /> {t('scannedFile')}:
                          </Typography.Text>
                          {saved?.has_file ? (
                            <>
                              <Button
                                size="small"
                                type="link"
                                disabled={downloads.busy}
                                onClick={() =>
                                  void downloads.run(saved.file_name ?? t('downloadFile'), (onProgress) =>
                                    certificateFile(staff!.id, saved.id, onProgress),
                                  )
                                }
                              >
                                {saved.file_name ?? t('downloadFile')}
                              </Button>
                              {canWrite ? (
                                <Button size="small" onClick={() => void files.removeCertificateFile(staff!, saved.id)}>
                                  {t('removeFile')}
                                </Button>
                              ) : null}
                            </>
                          ) : file ? (
                            <Typography.Text>{t('filePending', { name: file.name })}</Typography.Text>
                          ) : null}
                          {canWrite ? (
                            <Upload
                              accept={ACCEPT_FILES}
                              showUploadList={false}
                              beforeUpload={(f) => {
                                if (saved) void uploadFor(saved.id, f);
                                else {
                                  pending.current.set(field.key, f);
                                  // Through the form store, so the shouldUpdate part renders the pending name.
                                  form.setFieldValue(['certificates', field.name, 'pending_file'], f.name);
                                }
                                return false;
                              }}
                            >
                              <Button size="small">{saved?.has_file ? t('replaceFile') : t('uploadFile')}</Button>
                            </Upload>
                          ) : null}
                          {!saved ? (
                            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                              {t('fileTypes')}
                            </Typography.Text>
                          ) : null}
                          {canWrite ? (
                            <Button
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              style={{ marginLeft: 'auto' }}
                              onClick={() => {
                                pending.current.delete(field.key);
                                remove(field.name);
                              }}
                            >
                              {t('removeCertificate')}
                            </Button>
                          ) : null}
                        </Flex>
                      );
                    }}
                  </Form.Item>
                </div>
              );
            })}
            {canWrite ? (
              <Flex gap={8} wrap>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ certificate_type_id: typeOptions[0]?.value })}
                  data-testid="certificate-add"
                >
                  {t('addCertificate')}
                </Button>
                <CertificateTypesButton canWrite={canWrite} />
              </Flex>
            ) : null}
          </div>
        );
      }}
    </Form.List>
  );
}
