// A finished import's report: what was created, then what could not be carried over, each
// problem in the reader's language by its code, with its detail (an image's reference, the
// construct that became text, the Word converter's message) as the server gave it.
import { Alert, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@library/contract';

export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="transfer-report">
      <Alert
        type={report.problems.length > 0 ? 'warning' : 'success'}
        showIcon
        message={t('transfer.imported', {
          pages: report.pages,
          topics: report.topics,
          files: report.files,
        })}
      />
      {report.problems.length > 0 && (
        <List
          size="small"
          header={t('transfer.problems')}
          dataSource={report.problems}
          renderItem={(problem) => (
            <List.Item>
              <Typography.Text code>{problem.path || '—'}</Typography.Text>{' '}
              {t(`transfer.problem.${problem.code}`, { detail: problem.detail })}
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
