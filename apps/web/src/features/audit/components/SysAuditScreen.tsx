// /sys/audit '操作记录' (system administrators): the audit log in a table, newest first, filtered
// by the actor's id, an action prefix (`space.` finds every space act), the target's type and the
// days; each row expands to its before and after as JSON; the matching rows as CSV.
import { useState } from 'react';
import { Button, DatePicker, Input, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { limits } from '@library/contract';
import { exportAudit } from '../api/export-audit';
import { useAudit } from '../api/get-audit';
import { AuditTable } from './AuditTable';
import './audit.css';

type DayRange = [Dayjs | null, Dayjs | null] | null;

export function SysAuditScreen() {
  const { t } = useTranslation();
  const [actorId, setActorId] = useState('');
  const [action, setAction] = useState('');
  const [targetType, setTargetType] = useState('');
  const [days, setDays] = useState<DayRange>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(limits.gridPageSize);
  const [exporting, setExporting] = useState(false);

  const filter = {
    actorId,
    action,
    targetType,
    from: days?.[0]?.startOf('day').toISOString(),
    to: days?.[1]?.endOf('day').toISOString(),
  };
  const list = useAudit({ ...filter, page: page - 1, pageSize });
  /** a filter changed: back to the first page */
  const refilter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };

  const handleExport = async () => {
    setExporting(true);
    await exportAudit(filter);
    setExporting(false);
  };

  return (
    <div className="sys-screen audit-screen">
      <header className="screen-header">
        <Typography.Text type="secondary">{t('system.audit.subtitle')}</Typography.Text>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void handleExport()}>
          {t('system.audit.export')}
        </Button>
      </header>
      <div className="audit-filters">
        <Input
          allowClear
          className="audit-filter"
          inputMode="numeric"
          aria-label={t('system.audit.actorFilter')}
          placeholder={t('system.audit.actorFilter')}
          value={actorId}
          // an id is digits; anything else would be refused by the server
          onChange={(event) => refilter(setActorId)(event.target.value.replace(/\D/g, ''))}
        />
        <Input
          allowClear
          className="audit-filter"
          aria-label={t('system.audit.actionFilter')}
          placeholder={t('system.audit.actionFilter')}
          value={action}
          onChange={(event) => refilter(setAction)(event.target.value)}
        />
        <Input
          allowClear
          className="audit-filter"
          aria-label={t('system.audit.targetFilter')}
          placeholder={t('system.audit.targetFilter')}
          value={targetType}
          onChange={(event) => refilter(setTargetType)(event.target.value)}
        />
        <DatePicker.RangePicker
          aria-label={t('system.audit.dateFilter')}
          value={days}
          onChange={(value) => refilter(setDays)(value)}
        />
      </div>
      <div className="screen-card">
        <AuditTable
          list={list}
          paging={{
            current: page,
            pageSize,
            pageSizeOptions: limits.gridPageSizes.map(String),
            showSizeChanger: true,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setPageSize(size);
            },
          }}
        />
      </div>
    </div>
  );
}
