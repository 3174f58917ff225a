import { useContext, type ReactNode } from 'react';
import { ConfigContext } from 'antd/es/config-provider';
import useCardStyle from 'antd/es/card/style';

/**
 * antd's Card as its default look draws it (bordered, an optional hover lift, a body), for cards
 * without a head: the same elements, classes and styles, without the component, whose tab-list
 * head brings antd's Tabs (and their menu) into every screen that shows a card.
 */
export function PlainCard({
  hoverable = false,
  className,
  children,
}: {
  hoverable?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(prefixCls);
  const classes = [prefixCls, `${prefixCls}-bordered`, hoverable && `${prefixCls}-hoverable`];
  return (
    <div className={[...classes, className, hashId, cssVarCls].filter(Boolean).join(' ')}>
      <div className={`${prefixCls}-body`}>{children}</div>
    </div>
  );
}

/** antd's Card.Meta: an avatar beside a title and a description. */
export function PlainCardMeta({
  avatar,
  title,
  description,
}: {
  avatar: ReactNode;
  title: ReactNode;
  description: ReactNode;
}) {
  const { getPrefixCls } = useContext(ConfigContext);
  const meta = `${getPrefixCls('card')}-meta`;
  return (
    <div className={meta}>
      <div className={`${meta}-avatar`}>{avatar}</div>
      <div className={`${meta}-section`}>
        <div className={`${meta}-title`}>{title}</div>
        <div className={`${meta}-description`}>{description}</div>
      </div>
    </div>
  );
}
