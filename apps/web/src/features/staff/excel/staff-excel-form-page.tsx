import { useEffect, useMemo, useRef, useState } from 'react';
import { versionOf } from '../../../components/resource/record-version.ts';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Alert from 'antd/es/alert';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import List from 'antd/es/list';
import Typography from 'antd/es/typography';
import { ROLES } from '@bo/shared/permissions';
import { mappedText, type CellMapping } from '@bo/shared/schemas/staff-excel';
import { todayInTaipei } from '@bo/shared/dates';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useActiveOrganization, useSession } from '../../../lib/session.ts';
import { useAppConfig } from '../../../lib/settings.ts';
import { SHELL_TOAST, toast } from '../../../lib/toast.ts';
import { useRouteMeta } from '../../../lib/route-meta.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { translateValidationKey } from '../../../components/resource/field-rules.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { certificateTypesQuery, staffApi } from '../api.ts';
import { useStaffPhotoUrl } from '../use-staff-photo-url.ts';
import { sheetQuery, staffExcelApi } from './api.ts';
import { CreateTemplate } from './create-template-form.tsx';
import { type TemplateSettings, TemplateSettingsCard } from './template-settings-card.tsx';
import { MappingEditor, useMappingLabel } from './mapping-editor.tsx';
import { SheetGridView, masterAddress } from './sheet-grid.tsx';
import './i18n.ts';
import './staff-excel.css';
import '../i18n.ts';

export default function StaffExcelFormPage() {
  const { mode } = useRouteMeta();
  return mode === 'create' ? <CreateTemplate /> : <EditTemplate />;
}

function EditTemplate() {
  const { t } = useTranslation('staff-excel');
  const { t: tr } = useTranslation('resource');
  const { t: ts } = useTranslation('staff');
  const { target } = useParams();
  const navigate = useNavigate();
  const { can } = useSession();
  const canWrite = can(ROLES.staffWrite);
  const config = useAppConfig();
  const max = config.staffExcelMaxCellLimit;
  const { organization } = useActiveOrganization();
  const one = useQuery(staffExcelApi.one(target));
  const tpl = one.data;
  const sheet = useQuery(sheetQuery(target, tpl ? `${tpl.file_name}:${tpl.file_size}:${tpl.sheet_name}` : undefined));
  const types = useQuery(certificateTypesQuery());
  const certificateTypes = types.data?.data ?? [];
  const update = staffExcelApi.useUpdate();
  const [settings, setSettings] = useState<TemplateSettings>({ name: '', layout: 'card', start_row: 2 });
  const { layout, start_row: startRow } = settings;
  const [cells, setCells] = useState<CellMapping[]>([]);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [view, setView] = useState<'mapping' | 'preview'>('mapping');
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [staffSearch, setStaffSearch] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const label = useMappingLabel(certificateTypes);
  useUnsavedChanges(dirty && canWrite);

  // The version the mapping on screen was loaded at (issue 36): a refetch never replaces a mapping in progress.
  const loadedVersion = useRef<number | undefined>(undefined);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useEffect(() => {
    if (!tpl || dirtyNow.current) return;
    loadedVersion.current = versionOf(tpl);
    setSettings({ name: tpl.name, layout: tpl.layout, start_row: tpl.start_row });
    setCells(tpl.cells);
    setDirty(false);
  }, [tpl]);

  const staffList = useQuery(staffApi.list({ per_page: 20, sort: 'name', order: 'asc', ...(staffSearch ? { keyword: staffSearch } : {}) }));
  const preview = useQuery(staffApi.one(previewId ?? undefined));
  useEffect(() => {
    if (!previewId && staffList.data?.data[0]) setPreviewId(staffList.data.data[0].id);
  }, [previewId, staffList.data]);
  const photoUrl = useStaffPhotoUrl(preview.data);

  const merge = selected && sheet.data ? masterAddress(sheet.data, selected) : null;
  const current = merge ? cells.find((c) => c.cell === merge.address) : undefined;
  const ctx = useMemo(
    () => ({
      organization_name: organization?.name ?? '',
      organization_company_id: organization?.company_id ?? null,
      export_date: todayInTaipei(),
      seq: 1,
    }),
    [organization],
  );
  const labelOf = (m: CellMapping) => (view === 'preview' && preview.data ? mappedText(m, preview.data, ctx) : label(m));

  const change = (m: CellMapping | null) => {
    if (!merge) return;
    setCells((prev) => {
      const rest = prev.filter((c) => c.cell !== merge.address);
      return m ? [...rest, m] : rest;
    });
    setDirty(true);
  };

  const save = async () => {
    setErrors([]);
    try {
      const saved = await update.mutateAsync({ id: Number(target), body: { ...settings, cells }, version: loadedVersion.current });
      loadedVersion.current = versionOf(saved);
      setDirty(false);
      toast.success({ title: t('mappingSaved'), duration: SHELL_TOAST.duration });
    } catch (e) {
      if (e instanceof ApiError && e.errors) {
        setErrors(
          Object.entries(e.errors).map(([k, keys]) => {
            const i = /^cells\.(\d+)\./.exec(k);
            const where = i ? cells[Number(i[1])]?.cell : k === 'name' ? t('name') : k === 'cells' ? t('cells') : k;
            return `${where}: ${keys.map(translateValidationKey).join(' ')}`;
          }),
        );
      } else toast.error({ title: errorText(e), duration: SHELL_TOAST.duration });
    }
  };

  if (one.isError)
    return (
      <div className="page">
        <PageHeader />
        <Card>
          <ErrorState error={one.error} onRetry={() => void one.refetch()} />
        </Card>
      </div>
    );
  if (!tpl)
    return (
      <div className="page">
        <PageHeader />
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  const sortedCells = [...cells].sort((a, b) => a.cell.localeCompare(b.cell, 'en', { numeric: true }));

  return (
    <div className="page staff-excel-edit-page">
      <PageHeader
        title={tpl.name}
        subtitle={`${t(`layoutShort.${tpl.layout}`)} · ${tpl.file_name}`}
        extra={
          <>
            <Button onClick={() => navigate('/admin/staff-excel')}>{tr('back')}</Button>
            <Button onClick={() => navigate(`/admin/staff-excel/${tpl.id}/export`)} data-testid="go-export">
              {t('export')}
            </Button>
            {canWrite ? (
              <Button
                type="primary"
                onClick={save}
                loading={update.isPending}
                disabled={!dirty && !errors.length}
                data-testid="mapping-save"
              >
                {tr('save')}
              </Button>
            ) : null}
          </>
        }
      />
      <TemplateSettingsCard
        tpl={tpl}
        canWrite={canWrite}
        value={settings}
        onChange={(patch) => {
          setSettings((now) => ({ ...now, ...patch }));
          setDirty(true);
        }}
        onReplaced={() => one.refetch()}
      />

      {errors.length ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
          data-testid="mapping-errors"
        />
      ) : null}
      {dirty ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('unsaved')} /> : null}

      <div className="mapping-layout">
        <Card
          size="small"
          title={
            <Flex gap={8} wrap align="center" justify="space-between">
              <Segmented
                value={view}
                onChange={(v) => setView(v as 'mapping' | 'preview')}
                data-testid="view-switch"
                options={[
                  { value: 'mapping', label: t('mapping') },
                  { value: 'preview', label: t('preview') },
                ]}
              />
              {view === 'preview' ? (
                <Select
                  style={{ minWidth: 200, flex: '1 1 200px' }}
                  showSearch={{ filterOption: false, onSearch: setStaffSearch }}
                  placeholder={t('previewPick')}
                  value={previewId ?? undefined}
                  onChange={(v) => setPreviewId(v)}
                  loading={staffList.isFetching}
                  aria-label={t('previewWith')}
                  options={(staffList.data?.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))}
                  data-testid="preview-staff"
                />
              ) : (
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                  {t('clickCell')}
                </Typography.Text>
              )}
            </Flex>
          }
        >
          {sheet.isError ? (
            <ErrorState title={t('sheetLoadFailed')} error={sheet.error} onRetry={() => void sheet.refetch()} />
          ) : !sheet.data ? (
            <Skeleton active paragraph={{ rows: 10 }} />
          ) : (
            <>
              {sheet.data.truncated ? (
                <Typography.Text type="secondary">
                  {t('truncated', { rows: sheet.data.rows.length, cols: sheet.data.columns.length })}
                </Typography.Text>
              ) : null}
              {view === 'preview' && !previewId ? <Typography.Paragraph type="secondary">{t('previewEmpty')}</Typography.Paragraph> : null}
              <SheetGridView
                grid={sheet.data}
                mappings={cells}
                selected={merge?.address ?? null}
                onSelect={setSelected}
                labelOf={labelOf}
                preview={view === 'preview'}
                photoUrl={photoUrl}
                startRow={layout === 'roster' ? startRow : undefined}
              />
            </>
          )}
        </Card>
        <Card
          size="small"
          className="mapping-panel"
          title={
            <Flex justify="space-between">
              <span>{t('cells')}</span>
              <Typography.Text type={cells.length > max ? 'danger' : 'secondary'} data-testid="cells-count">
                {t('cellsCount', { count: cells.length, max })}
              </Typography.Text>
            </Flex>
          }
        >
          {merge ? (
            <MappingEditor
              cell={merge.address}
              mergeRange={merge.range}
              mapping={current}
              layout={layout}
              startRow={startRow}
              certificateTypes={certificateTypes}
              atLimit={cells.length >= max}
              max={max}
              onChange={change}
              readOnly={!canWrite}
            />
          ) : (
            <Typography.Paragraph type="secondary">{t('clickCell')}</Typography.Paragraph>
          )}
          <List
            size="small"
            className="mapping-list"
            style={{ marginTop: 12 }}
            dataSource={sortedCells}
            locale={{ emptyText: ' ' }}
            renderItem={(m) => (
              <List.Item onClick={() => setSelected(m.cell)} style={{ fontWeight: merge?.address === m.cell ? 600 : undefined }}>
                <Typography.Text code>{m.cell}</Typography.Text>{' '}
                <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                  {label(m)}
                </Typography.Text>
              </List.Item>
            )}
          />
          {!certificateTypes.length && types.isSuccess ? <Typography.Text type="secondary">{ts('noTypes')}</Typography.Text> : null}
        </Card>
      </div>
    </div>
  );
}
