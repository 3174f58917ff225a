// After a 409: the server's current draft (read only) next to the user's own document, and the
// two ways out. The user's document stays in the editor until they choose; both columns are
// static renderings of the blocks (no second and third editor).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Block, Locale } from '@library/contract';
import { getPageBlocks } from '../api/get-page-blocks';
import { StaticPage } from './StaticPage';

interface ConflictPanelProps {
  pageId: string;
  mine: Block[];
  locale: Locale;
  theme: 'light' | 'dark';
  onKeepMine: (server: Block[], revision: number) => void;
  onTakeServer: (server: Block[], revision: number) => void;
}

export function ConflictPanel(props: ConflictPanelProps) {
  const { pageId, mine, locale, theme, onKeepMine, onTakeServer } = props;
  const { t } = useTranslation();
  const server = useQuery({
    queryKey: ['page', pageId, 'conflict'],
    queryFn: ({ signal }) => getPageBlocks(pageId, 0, { signal, silent: true }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const data = server.data;
  return (
    <section className="page-conflict" aria-label={t('page.conflict.title')}>
      <Alert
        type="warning"
        showIcon
        title={t('page.conflict.title')}
        description={t('page.conflict.hint')}
        action={
          <Space wrap>
            <Button
              type="primary"
              disabled={!data}
              onClick={() => data && onKeepMine(data.blocks, data.revision ?? 0)}
            >
              {t('page.conflict.keepMine')}
            </Button>
            <Popconfirm
              title={t('page.conflict.takeServerConfirm')}
              onConfirm={() => data && onTakeServer(data.blocks, data.revision ?? 0)}
              disabled={!data}
            >
              <Button disabled={!data}>{t('page.conflict.takeServer')}</Button>
            </Popconfirm>
          </Space>
        }
      />
      {server.isError ? (
        <Alert
          type="error"
          title={t('page.conflict.loadFailed')}
          action={<Button onClick={() => void server.refetch()}>{t('page.reload')}</Button>}
        />
      ) : null}
      <div className="page-conflict-columns">
        <div className="page-conflict-column">
          <Typography.Title level={5}>{t('page.conflict.server')}</Typography.Title>
          {data ? <StaticPage blocks={data.blocks} locale={locale} theme={theme} /> : null}
        </div>
        <div className="page-conflict-column">
          <Typography.Title level={5}>{t('page.conflict.mine')}</Typography.Title>
          <StaticPage blocks={mine} locale={locale} theme={theme} />
        </div>
      </div>
    </section>
  );
}
