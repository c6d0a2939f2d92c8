import type { HTMLAttributes } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/**
 * An Ant Design icon drawn from its SVG definition alone (`@ant-design/icons-svg/es/asn/…`), with
 * antd's `anticon` markup: for screens that load no antd (the sign-in route), where the icon
 * component's context, colour helpers and run-time style insertion would outweigh the icon itself.
 * Decorative unless given an aria-label.
 */
export function SvgIcon({ icon, className, ...rest }: { icon: IconDefinition } & HTMLAttributes<HTMLSpanElement>) {
  const svg = icon.icon as AbstractNode;
  const labelled = rest['aria-label'] !== undefined;
  return (
    <span
      role="img"
      aria-hidden={labelled ? undefined : true}
      className={`anticon anticon-${icon.name}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      <svg viewBox={svg.attrs.viewBox} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        {svg.children?.map((p) => (
          <path key={p.attrs.d} d={p.attrs.d} />
        ))}
      </svg>
    </span>
  );
}
