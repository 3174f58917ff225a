// The audit rows as a table, the same in the administration and in a space's settings: the
// columns, before/after in the expanded row, the empty text and the count; where it is shown
// decides the paging.
import { Table, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@library/contract';
import { AuditChange } from './AuditChange';
import { useAuditColumns } from './audit-columns';

export interface AuditTableProps {
  list: { data?: { list: AuditEntry[]; total: number }; isFetching: boolean; isPending: boolean };
  /** the current page (from 1), its size and what changes them */
  paging: Pick<
    TablePaginationConfig,
    'current' | 'pageSize' | 'pageSizeOptions' | 'showSizeChanger' | 'onChange'
  >;
  size?: 'small';
}

export function AuditTable({ list, paging, size }: AuditTableProps) {
  const { t } = useTranslation();
  const columns = useAuditColumns();
  return (
    <Table<AuditEntry>
      {...(size ? { size } : {})}
      rowKey="id"
      columns={columns}
      dataSource={list.data?.list ?? []}
      loading={list.isFetching}
      tableLayout="auto"
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowRender: (entry) => <AuditChange entry={entry} /> }}
      locale={{ emptyText: list.isPending ? null : t('system.audit.empty') }}
      pagination={{
        ...paging,
        total: list.data?.total ?? 0,
        showTotal: (total) => t('system.audit.total', { count: total }),
      }}
    />
  );
}
