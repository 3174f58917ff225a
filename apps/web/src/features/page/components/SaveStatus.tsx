import { Button, Space, Typography } from 'antd';
import {
  CheckCircleOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  EditOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SaveState } from '../lib/page-saver';

/** 'saved / saving… / save failed, retry' next to the page toolbar. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation();
  const title = t('page.save.shortcut');
  switch (state) {
    case 'saved':
      return (
        <Typography.Text type="secondary" className="page-save-status" title={title} role="status">
          <CheckCircleOutlined /> {t('page.save.saved')}
        </Typography.Text>
      );
    case 'dirty':
      return (
        <Typography.Text type="secondary" className="page-save-status" title={title} role="status">
          <EditOutlined /> {t('page.save.dirty')}
        </Typography.Text>
      );
    case 'saving':
      return (
        <Typography.Text type="secondary" className="page-save-status" role="status">
          <LoadingOutlined /> {t('page.save.saving')}
        </Typography.Text>
      );
    case 'failed':
      return (
        <Space size={4} className="page-save-status" role="status">
          <Typography.Text type="danger">
            <ExclamationCircleOutlined /> {t('page.save.failed')}
          </Typography.Text>
          <Button size="small" type="link" onClick={onRetry}>
            {t('page.save.retry')}
          </Button>
        </Space>
      );
    case 'conflict':
      return (
        <Typography.Text type="warning" className="page-save-status" role="status">
          <ExclamationCircleOutlined /> {t('page.save.conflict')}
        </Typography.Text>
      );
  }
}
