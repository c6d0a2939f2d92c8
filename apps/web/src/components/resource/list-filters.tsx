import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Badge from 'antd/es/badge';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import { useDevice } from '../../lib/device.ts';
import type { UseListParams } from './use-list-params.ts';
import './i18n.ts';
import './resource.css';

/**
 * The filter bar above a ResourceTable: keyword search (applied on Enter or the search button)
 * plus the resource's own filter controls, and a reset. On a phone the filter controls fold
 * behind a "Filters" button showing how many are active, so the table stays in view.
 */
export function ListFilters({ list, children, placeholder }: { list: UseListParams<string>; children?: ReactNode; placeholder?: string }) {
  const { t } = useTranslation('resource');
  const { mobile } = useDevice();
  const [keyword, setKeyword] = useState(list.params.keyword);
  const [open, setOpen] = useState(false);
  useEffect(() => setKeyword(list.params.keyword), [list.params.keyword]);
  const active = Object.values(list.params.filters).filter(Boolean).length;
  const showControls = !mobile || open;
  return (
    <Flex className="resource-filters" gap={8} wrap align="center" role="search">
      <Flex className="resource-filter-keyword-row" gap={8}>
        <Input.Search
          className="resource-filter-keyword"
          allowClear
          value={keyword}
          placeholder={placeholder ?? t('searchPlaceholder')}
          aria-label={t('search')}
          enterButton={t('search')}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => list.set({ keyword: v.trim() })}
          data-testid="list-keyword"
        />
        {mobile && children ? (
          <Badge count={active} size="small">
            <Button icon={<FilterOutlined />} onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="list-filters-toggle">
              {t('filters')}
            </Button>
          </Badge>
        ) : null}
      </Flex>
      {showControls ? children : null}
      {list.filtered ? <Button onClick={list.reset}>{t('reset')}</Button> : null}
    </Flex>
  );
}
