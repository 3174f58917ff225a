// The page's toolbar, always one row: the save state (or 'read only') on the left, the page's
// actions as icons with labels on the right. The actions that do not fit — on a phone, or in a
// language with longer words — go into a '…' menu, the least used first (lib/toolbar-fit.ts).
// Their widths are read from a hidden copy of every button, so a language switch or a longer
// save state lays the row out again.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Dropdown, Tooltip } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fitToolbar } from '../lib/toolbar-fit';

export interface PageAction {
  key: string;
  label: string;
  icon: ReactNode;
  /** shown as a badge (the comments' count) when above 0 */
  count?: number;
  className: string;
  onClick: () => void;
  /**
   * drawn as its icon alone, the label in a tooltip (a toggle whose icon says it, like watching);
   * in the '…' menu it has its label as every item does
   */
  iconOnly?: boolean;
  /** a toggle's state */
  pressed?: boolean;
}

/** What stays on a narrow row first: reading and discussing before sharing and exporting. */
const priority = ['comments', 'versions', 'share', 'export'];
/** antd's small gap between the buttons, as `.page-toolbar-actions` draws it */
const gap = 4;

function countBadge(count: number | undefined) {
  return count ? <Badge count={count} size="small" color="gray" /> : null;
}

function ActionButton({ action, measure }: { action: PageAction; measure?: boolean }) {
  if (action.iconOnly) {
    const button = (
      <Button
        type="text"
        icon={action.icon}
        onClick={measure ? undefined : action.onClick}
        className={measure ? undefined : action.className}
        tabIndex={measure ? -1 : undefined}
        aria-label={action.label}
        aria-pressed={action.pressed}
      />
    );
    return measure ? button : <Tooltip title={action.label}>{button}</Tooltip>;
  }
  return (
    <Button
      type="text"
      icon={action.icon}
      onClick={measure ? undefined : action.onClick}
      className={measure ? undefined : action.className}
      tabIndex={measure ? -1 : undefined}
    >
      {action.label}
      {countBadge(action.count)}
    </Button>
  );
}

export function PageToolbar({ status, actions }: { status: ReactNode; actions: PageAction[] }) {
  const { t } = useTranslation();
  const toolbarRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  /** the keys kept on the row; null until measured: every action */
  const [kept, setKept] = useState<string[] | null>(null);
  const keys = actions.map((action) => action.key);
  const keysText = keys.join(' ');

  useLayoutEffect(() => {
    const toolbar = toolbarRef.current;
    const statusBox = statusRef.current;
    const measure = measureRef.current;
    if (!toolbar || !statusBox || !measure) return;
    const layOut = () => {
      const widths = [...measure.children].map((child) => child.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const style = getComputedStyle(toolbar);
      const available =
        toolbar.clientWidth -
        (parseFloat(style.paddingLeft) || 0) -
        (parseFloat(style.paddingRight) || 0) -
        statusBox.getBoundingClientRect().width -
        (parseFloat(style.columnGap) || 0);
      const next =
        toolbar.clientWidth === 0
          ? null // not laid out (hidden, or a test's DOM without layout): draw them all
          : fitToolbar({ keys: keysText.split(' '), widths, priority, available, gap, moreWidth });
      setKept((previous) =>
        previous?.join(' ') === next?.join(' ') || (previous === null && next === null)
          ? previous
          : next,
      );
    };
    layOut();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(layOut);
    // the measured buttons themselves: their box is clipped to nothing
    for (const element of [toolbar, statusBox, ...measure.children]) observer.observe(element);
    return () => observer.disconnect();
  }, [keysText]);

  const shown = kept === null ? actions : actions.filter((action) => kept.includes(action.key));
  const hidden = actions.filter((action) => !shown.includes(action));

  return (
    <div className="page-toolbar" ref={toolbarRef}>
      <div className="page-toolbar-status" ref={statusRef}>
        {status}
      </div>
      <div className="page-toolbar-actions">
        {shown.map((action) => (
          <ActionButton key={action.key} action={action} />
        ))}
        {hidden.length > 0 && (
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              items: hidden.map((action) => ({
                key: action.key,
                icon: action.icon,
                label: (
                  <span className="page-toolbar-menu-label">
                    {action.label}
                    {countBadge(action.count)}
                  </span>
                ),
                className: `${action.className}-item`,
              })),
              onClick: ({ key }) => hidden.find((action) => action.key === key)?.onClick(),
            }}
          >
            <Button
              type="text"
              icon={<MoreOutlined />}
              className="page-toolbar-more"
              aria-label={t('page.toolbar.more')}
            />
          </Dropdown>
        )}
      </div>
      {/* every button as drawn, out of sight, to measure; the '…' button last */}
      <div className="page-toolbar-measure" ref={measureRef} aria-hidden>
        {actions.map((action) => (
          <ActionButton key={action.key} action={action} measure />
        ))}
        <Button type="text" icon={<MoreOutlined />} tabIndex={-1} />
      </div>
    </div>
  );
}
