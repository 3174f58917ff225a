// /sys/ai 'AI 写作用量': how many AI writing uses each person made in a month (UTC), against their
// monthly limit. Only the model actions count; the script conversions are free.
import { useState } from 'react';
import { DatePicker, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { aiWriteMonthOf, limits, type AiWriteUsage } from '@library/contract';
import { useAiWriteUsage } from '../api/get-ai-write-usage';

export function AiWriteUsageTable() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => aiWriteMonthOf(new Date()));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(limits.gridPageSize);
  const usage = useAiWriteUsage({ month, page, pageSize });

  return (
    <section className="ai-write-usage" aria-labelledby="ai-write-usage-title">
      <div className="ai-providers-header">
        <div>
          <Typography.Title level={5} id="ai-write-usage-title" className="ai-providers-title">
            {t('ai.writeUsage.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('ai.writeUsage.hint')}</Typography.Text>
        </div>
        <DatePicker
          picker="month"
          allowClear={false}
          aria-label={t('ai.writeUsage.month')}
          value={dayjs(`${month}-01`)}
          disabledDate={(day: Dayjs) => day.isAfter(dayjs(), 'month')}
          onChange={(value: Dayjs | null) => {
            if (!value) return;
            setMonth(value.format('YYYY-MM'));
            setPage(0);
          }}
        />
      </div>
      <Table<AiWriteUsage>
        rowKey="userId"
        loading={usage.isPending}
        dataSource={usage.data?.list ?? []}
        tableLayout="auto"
        locale={{ emptyText: t('ai.writeUsage.empty') }}
        pagination={{
          current: page + 1,
          pageSize,
          total: usage.data?.total ?? 0,
          hideOnSinglePage: true,
          pageSizeOptions: limits.gridPageSizes.map(String),
          onChange: (next, size) => {
            setPage(size === pageSize ? next - 1 : 0);
            setPageSize(size);
          },
        }}
        columns={[
          { key: 'nickname', title: t('ai.writeUsage.person'), dataIndex: 'nickname' },
          { key: 'uses', title: t('ai.writeUsage.uses'), dataIndex: 'uses', align: 'right' },
          { key: 'quota', title: t('ai.writeUsage.quota'), dataIndex: 'quota', align: 'right' },
        ]}
      />
    </section>
  );
}
