import { useContext, type HTMLAttributes, type ReactNode } from 'react';
import { ConfigContext } from 'antd/es/config-provider';
import useCardStyle from 'antd/es/card/style';
import useSkeletonStyle from 'antd/es/skeleton/style';

/**
 * antd's Card and Skeleton as antd draws them (same markup and classes, their style tokens registered),
 * for a screen that shows several: the screen asks for the classes once (`usePlainAntd`) instead of each
 * instance running the component's config, semantic-style and token hooks in the first commit. Only the
 * static parts: a card with a title, an extra and a body; an active skeleton with a title and rows.
 */
export function usePlainAntd(): { card: string; skeleton: string } {
  const { getPrefixCls } = useContext(ConfigContext);
  const card = getPrefixCls('card');
  const skeleton = getPrefixCls('skeleton');
  const [cardHash, cardVar] = useCardStyle(card);
  const [skeletonHash, skeletonVar] = useSkeletonStyle(skeleton);
  return {
    card: [card, cardHash, cardVar].filter(Boolean).join(' '),
    skeleton: [skeleton, skeletonHash, skeletonVar].filter(Boolean).join(' '),
  };
}

/** antd's `<Card title extra className>` (bordered), `classes` from usePlainAntd. */
export function PlainCard({
  classes,
  title,
  extra,
  className,
  children,
  ...rest
}: { classes: string; title?: ReactNode; extra?: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  const [prefix, ...suffix] = classes.split(' ');
  return (
    <div {...rest} className={[prefix, `${prefix}-bordered`, className, ...suffix].filter(Boolean).join(' ')}>
      {title || extra ? (
        <div className={`${prefix}-head`}>
          <div className={`${prefix}-head-wrapper`}>
            {title ? <div className={`${prefix}-head-title`}>{title}</div> : null}
            {extra ? <div className={`${prefix}-extra`}>{extra}</div> : null}
          </div>
        </div>
      ) : null}
      <div className={`${prefix}-body`}>{children}</div>
    </div>
  );
}

/** antd's `<Skeleton active title paragraph={{ rows }} />` as it looks, `classes` from usePlainAntd. */
export function PlainSkeleton({ classes, rows }: { classes: string; rows: number }) {
  const [prefix, ...suffix] = classes.split(' ');
  return (
    // Shapes only, hidden from screen readers; its title is no empty h3 (antd's), which would be a heading
    // with no text under the screen's h1 for as long as a card below the fold has not come (its rules are by class).
    <div className={[prefix, `${prefix}-active`, ...suffix].join(' ')} aria-hidden>
      <div className={`${prefix}-section`}>
        <div className={`${prefix}-title`} style={{ width: '38%' }} />
        <ul className={`${prefix}-paragraph`}>
          {Array.from({ length: rows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows, as antd's skeleton keys them.
            <li key={i} style={i === rows - 1 ? { width: '61%' } : undefined} />
          ))}
        </ul>
      </div>
    </div>
  );
}
