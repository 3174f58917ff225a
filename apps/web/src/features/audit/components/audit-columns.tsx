import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@library/contract';
import dayjs from '../../../lib/dayjs';

/** The time to the second, in the reader's zone: the log is read for exact moments. */
export const auditTime = (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

/** The columns both audit tables share: time, actor, action, target, address, device. */
export function useAuditColumns(): TableColumnsType<AuditEntry> {
  const { t } = useTranslation();
  return [
    {
      key: 'at',
      title: t('system.audit.columns.at'),
      render: (_, row) => <time dateTime={row.at}>{auditTime(row.at)}</time>,
    },
    {
      key: 'actor',
      title: t('system.audit.columns.actor'),
      render: (_, row) =>
        row.actorId === null
          ? t('system.audit.nobody')
          : `${row.actorName ?? t('system.audit.goneUser')} (${row.actorId})`,
    },
    {
      key: 'action',
      title: t('system.audit.columns.action'),
      render: (_, row) => <span className="audit-action">{row.action}</span>,
    },
    {
      key: 'target',
      title: t('system.audit.columns.target'),
      render: (_, row) => (row.targetId ? `${row.targetType} ${row.targetId}` : row.targetType),
    },
    {
      key: 'address',
      title: t('system.audit.columns.address'),
      render: (_, row) => row.address ?? '—',
    },
    {
      key: 'device',
      title: t('system.audit.columns.device'),
      responsive: ['lg'],
      render: (_, row) => row.device ?? '—',
    },
  ];
}
