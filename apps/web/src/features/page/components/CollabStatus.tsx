// Where the page's changes stand, next to the page toolbar: saved / saving… / connecting… /
// offline with N changes to sync / reconnecting / refused.
import { Typography } from 'antd';
import {
  CheckCircleOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { collabStatus, type CollabState } from '../lib/collab-status';

export function CollabStatus({ state }: { state: CollabState }) {
  const { t } = useTranslation();
  const status = collabStatus(state);
  const hint = t('page.live.hint');
  let icon: React.ReactNode;
  let text: string;
  // offline and reconnecting read in the body colour (antd's warning yellow is too faint on
  // white); the icon says something is off
  let type: 'secondary' | 'danger' | undefined = 'secondary';
  switch (status.kind) {
    case 'saved':
      icon = <CheckCircleOutlined />;
      text = t('page.live.saved');
      break;
    case 'saving':
      icon = <CloudSyncOutlined />;
      text = t('page.live.saving');
      break;
    case 'connecting':
      icon = <LoadingOutlined />;
      text = t('page.live.connecting');
      break;
    case 'offline':
      icon = <DisconnectOutlined />;
      text =
        status.unsynced > 0
          ? t('page.live.offlineUnsynced', { count: status.unsynced })
          : t('page.live.offline');
      type = undefined;
      break;
    case 'reconnecting':
      icon = <LoadingOutlined />;
      text =
        status.unsynced > 0
          ? t('page.live.reconnectingUnsynced', { count: status.unsynced })
          : t('page.live.reconnecting');
      type = undefined;
      break;
    case 'refused':
      icon = <ExclamationCircleOutlined />;
      text = t('page.live.refused');
      type = 'danger';
      break;
  }
  return (
    <Typography.Text
      type={type}
      className="page-save-status"
      data-status={status.kind}
      title={hint}
      role="status"
    >
      {icon} {text}
    </Typography.Text>
  );
}
