// The file library's 'pages' cell: the first two pages using a file, and how many more.
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SpaceFile } from '@library/contract';
import { paths } from '../../../config/paths';

export function FilePages({ file }: { file: SpaceFile }) {
  const { t } = useTranslation();
  if (file.pages.length === 0) {
    return <Typography.Text type="secondary">{t('files.noPages')}</Typography.Text>;
  }
  const shown = file.pages.slice(0, 2);
  const rest = file.pages.length - shown.length;
  return (
    <span className="file-pages">
      {shown.map((page) => (
        <Link
          key={page.pageId}
          to={paths.spacePage.getHref(file.spaceId, page.pageId)}
          className="file-page-link"
          title={page.name}
        >
          {page.name}
        </Link>
      ))}
      {rest > 0 && (
        <Tooltip
          title={file.pages
            .slice(2)
            .map((page) => page.name)
            .join('、')}
        >
          <Typography.Text type="secondary">
            {t('files.morePages', { count: rest })}
          </Typography.Text>
        </Tooltip>
      )}
    </span>
  );
}
