import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from 'antd/es/typography';
import Flex from 'antd/es/flex';
import { useContext } from 'react';
import { RouteMetaContext } from '../lib/route-meta.ts';

export interface PageHeaderProps {
  /** Defaults to the translated route name (`route.<name>`). */
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right (wrap under the title on a phone). */
  extra?: ReactNode;
}

/** Screen heading shared by every page. */
export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  const { t } = useTranslation();
  const meta = useContext(RouteMetaContext);
  return (
    <Flex className="page-header" justify="space-between" align="flex-start" wrap gap={12}>
      <div>
        {/* The screen's one level-one heading (WCAG: every page has an h1), at the size of a level 3. */}
        <Typography.Title level={1} className="page-title" style={{ margin: 0 }}>
          {title ?? (meta ? t(`route.${meta.name}`) : '')}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {extra ? (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
