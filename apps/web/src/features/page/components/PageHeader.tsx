// The page's icon (an emoji, or a picture path), its title, which is the page's name, and (for
// editors) the people on the page with them.
import { useEffect, useState } from 'react';
import { Button, Input, Popover, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageDetail } from '@library/contract';
import { isImagePath, resolveImagePath } from '../../../lib/image-path';
import { useUpdatePage } from '../api/update-page';

const emojis = [
  '📄',
  '📝',
  '📘',
  '📗',
  '📙',
  '📕',
  '📚',
  '📌',
  '📎',
  '📊',
  '📈',
  '🗂️',
  '🗒️',
  '🗓️',
  '💡',
  '✅',
  '⭐',
  '🔥',
  '🚀',
  '🎯',
  '🧭',
  '🛠️',
  '⚙️',
  '🔒',
  '🔑',
  '🧪',
  '🧩',
  '🎨',
  '💬',
  '📣',
  '❓',
  '⚠️',
  '🌱',
  '🌟',
  '🏠',
  '🏢',
  '👥',
  '🤝',
  '🎓',
  '🧠',
  '🍵',
  '🌏',
];

function PageIcon({ avatar }: { avatar: string | null }) {
  if (avatar && isImagePath(avatar)) {
    return <img className="page-icon-image" src={resolveImagePath(avatar)} alt="" />;
  }
  return avatar ? <span className="page-icon-emoji">{avatar}</span> : <FileTextOutlined />;
}

export function PageHeader({
  page,
  editable,
  people,
}: {
  page: PageDetail;
  editable: boolean;
  /** the people editing the page with the user, at the header's end */
  people?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const update = useUpdatePage(page.pageId);
  const [title, setTitle] = useState(page.title);
  const [iconOpen, setIconOpen] = useState(false);

  useEffect(() => setTitle(page.title), [page.title]);

  const commitTitle = () => {
    const name = title.trim();
    if (!name) {
      setTitle(page.title);
      return;
    }
    if (name !== page.title) update.mutate({ name });
  };

  const icon = (
    <span className="page-icon" aria-hidden={!editable}>
      <PageIcon avatar={page.avatar} />
    </span>
  );

  return (
    <header className="page-header">
      {editable ? (
        <Popover
          open={iconOpen}
          onOpenChange={setIconOpen}
          trigger="click"
          placement="bottomLeft"
          content={
            <div className="page-emoji-grid" role="listbox" aria-label={t('page.changeIcon')}>
              {emojis.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  role="option"
                  aria-selected={emoji === page.avatar}
                  className="page-emoji"
                  onClick={() => {
                    update.mutate({ avatar: emoji });
                    setIconOpen(false);
                  }}
                >
                  {emoji}
                </button>
              ))}
            </div>
          }
        >
          <Button type="text" className="page-icon-button" aria-label={t('page.changeIcon')}>
            {icon}
          </Button>
        </Popover>
      ) : (
        icon
      )}
      {editable ? (
        <Input
          variant="borderless"
          className="page-title-input"
          value={title}
          placeholder={t('page.titlePlaceholder')}
          maxLength={100}
          aria-label={t('page.titlePlaceholder')}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={commitTitle}
          onPressEnter={(event) => event.currentTarget.blur()}
        />
      ) : (
        <Typography.Title level={1} className="page-title">
          {page.title || t('page.untitled')}
        </Typography.Title>
      )}
      {people}
    </header>
  );
}
