import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Button from 'antd/es/button';
import Badge from 'antd/es/badge';
import Select, { type SelectProps } from 'antd/es/select';
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
export function ListFilters<F extends string>({
  list,
  selects = [],
  children,
  placeholder,
}: {
  list: UseListParams<F>;
  /** The list's filter selects, before any other control (`children`). */
  selects?: FilterSelectSpec<F>[];
  children?: ReactNode;
  placeholder?: string;
}) {
  const { t } = useTranslation('resource');
  const { mobile } = useDevice();
  const [keyword, setKeyword] = useState(list.params.keyword);
  const [open, setOpen] = useState(false);
  useEffect(() => setKeyword(list.params.keyword), [list.params.keyword]);
  const active = Object.values<string | undefined>(list.params.filters).filter(Boolean).length;
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
        {mobile && (children || selects.length > 0) ? (
          <Badge count={active} size="small">
            <Button icon={<FilterOutlined />} onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="list-filters-toggle">
              {t('filters')}
            </Button>
          </Badge>
        ) : null}
      </Flex>
      {showControls ? (
        <>
          {selects.map((f) => (
            <FilterSelect key={f.name} list={list} {...f} />
          ))}
          {children}
        </>
      ) : null}
      {list.filtered ? <Button onClick={list.reset}>{t('reset')}</Button> : null}
    </Flex>
  );
}

export interface FilterSelectProps<F extends string> {
  list: UseListParams<F>;
  /** The filter (a query parameter of `GET …/index`, kept in the URL). */
  name: F;
  /** The select's accessible name. */
  label: string;
  /** What it reads while no value is chosen ("Any status"). */
  placeholder: string;
  options: { value: string | number; label: ReactNode }[];
  minWidth?: number;
  /** Other filters cleared with a change of this one (a category of another page type). */
  clears?: readonly F[];
  showSearch?: SelectProps['showSearch'];
  loading?: boolean;
  className?: string;
  /** Default `filter-<name>`. */
  testId?: string;
}

/** A filter select as ListFilters' `selects` declare it. */
export type FilterSelectSpec<F extends string> = Omit<FilterSelectProps<F>, 'list'>;

/**
 * A filter select over a fixed set of codes (statuses, types), worded by the feature's keys: the
 * label `t(label ?? name)`, `t(placeholder)`, and each code `t(`${options}.${code}`)`.
 */
export function codeSelect<N extends string, const C extends string = never>(
  t: TFunction,
  name: N,
  codes: readonly string[],
  {
    label,
    placeholder,
    options,
    clears,
    ...more
  }: Partial<Omit<FilterSelectSpec<N>, 'name' | 'clears' | 'label' | 'placeholder' | 'options'>> & {
    label?: string;
    placeholder: string;
    options: string;
    clears?: readonly C[];
  },
): FilterSelectSpec<N | C> {
  return {
    name,
    label: t(label ?? name),
    placeholder: t(placeholder),
    options: codes.map((code) => ({ value: code, label: t(`${options}.${code}`) })),
    clears,
    ...more,
  };
}

/** A select of the filter bar bound to one filter of the list; clearing it drops the filter. */
export function FilterSelect<F extends string>({
  list,
  name,
  label,
  options,
  minWidth = 140,
  clears = [],
  testId,
  className,
  ...props
}: FilterSelectProps<F>) {
  return (
    <Select
      {...props}
      allowClear
      className={className}
      aria-label={label}
      style={className ? undefined : { minWidth }}
      value={list.params.filters[name] || undefined}
      options={options.map((o) => ({ ...o, value: String(o.value) }))}
      onChange={(v?: string) =>
        list.set({
          filters: { ...Object.fromEntries(clears.map((c) => [c, null])), [name]: v ?? null } as Partial<Record<F, string | null>>,
        })
      }
      data-testid={testId ?? `filter-${name}`}
    />
  );
}
