// The space settings' '操作记录' tab (the space's admins and owner): the audit rows naming the
// space — members, groups, visitor switches, shares, exports — newest first, a page at a time.
import { useState } from 'react';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AuditEntry } from '@library/contract';
import { useSpaceAudit } from '../api/get-space-audit';
import { AuditChange } from './AuditChange';
import { useAuditColumns } from './audit-columns';
import './audit.css';

const pageSize = 10;

export function SpaceAuditPanel({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const columns = useAuditColumns();
  const [page, setPage] = useState(1);
  const list = useSpaceAudit(spaceId, { page: page - 1, pageSize });
  return (
    <div className="space-audit">
      <Typography.Paragraph type="secondary">
        {t('system.audit.spaceSubtitle')}
      </Typography.Paragraph>
      <Table<AuditEntry>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        tableLayout="auto"
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (entry) => <AuditChange entry={entry} /> }}
        locale={{ emptyText: list.isPending ? null : t('system.audit.empty') }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('system.audit.total', { count: total }),
          onChange: setPage,
        }}
      />
    </div>
  );
}
