import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigContext } from 'antd/es/config-provider';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSelectStyle from 'antd/es/select/style';
import Typography from 'antd/es/typography';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { organizationLabel, useActiveOrganization } from '../../lib/session.ts';

const load = () => import('./organization-select.tsx');
const OrganizationSelect = lazy(load);

/**
 * The closed select as antd draws it (same classes and markup, the select's style tokens), without
 * antd's select, its virtual list and triggers (~110 KB minified): the first screen only shows the
 * active organization. Pointing at it loads the real select, which replaces it on first use, opened
 * when a press opened it and focused, so keyboard and pointer users continue where they were.
 */
function ClosedSelect({ label, onUse }: { label: string; onUse?: (open: boolean) => void }) {
  const { t } = useTranslation();
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('select');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useSelectStyle(prefixCls, rootCls);
  const classes = [
    prefixCls,
    `${prefixCls}-outlined`,
    'org-switcher',
    cssVarCls,
    rootCls,
    hashId,
    `${prefixCls}-single`,
    `${prefixCls}-show-arrow`,
  ];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: antd's select box as antd draws it; keyboard users reach its combobox input.
    <div
      data-testid="organization-switcher"
      className={classes.filter(Boolean).join(' ')}
      onPointerEnter={() => void load()}
      onMouseDown={(e) => {
        e.preventDefault();
        onUse?.(true);
      }}
    >
      <div className={`${prefixCls}-content ${prefixCls}-content-has-value`} title={label}>
        {label}
        <input
          aria-label={t('header.switchOrganization')}
          readOnly
          autoComplete="off"
          className={`${prefixCls}-input`}
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          type="text"
          value=""
          onFocus={() => onUse?.(false)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') onUse?.(true);
          }}
        />
      </div>
      <div className={`${prefixCls}-suffix`}>
        <DownOutlined />
      </div>
    </div>
  );
}

export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const { organization, organizations } = useActiveOrganization();
  const [used, setUsed] = useState<{ open: boolean } | null>(null);
  if (organizations.length === 0) {
    return (
      <Typography.Text type="secondary" className="org-none">
        {t('header.noOrganization')}
      </Typography.Text>
    );
  }
  // Without an active organization the select shows its placeholder: the real one from the start.
  if (!organization || used) {
    const label = organization ? organizationLabel(organization) : '';
    return (
      <Suspense fallback={<ClosedSelect label={label} />}>
        <OrganizationSelect used={used} />
      </Suspense>
    );
  }
  return <ClosedSelect label={organizationLabel(organization)} onUse={(open) => setUsed({ open })} />;
}
