// The space settings' '操作记录' tab (the space's admins and owner): the audit rows naming the
// space — members, groups, visitor switches, shares, exports — newest first, a page at a time.
import { useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSpaceAudit } from '../api/get-space-audit';
import { AuditTable } from './AuditTable';
import './audit.css';

const pageSize = 10;

export function SpaceAuditPanel({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useSpaceAudit(spaceId, { page: page - 1, pageSize });
  return (
    <div className="space-audit">
      <Typography.Paragraph type="secondary">
        {t('system.audit.spaceSubtitle')}
      </Typography.Paragraph>
      <AuditTable
        size="small"
        list={list}
        paging={{ current: page, pageSize, showSizeChanger: false, onChange: setPage }}
      />
    </div>
  );
}
