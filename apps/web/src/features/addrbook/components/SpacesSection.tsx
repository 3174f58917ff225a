// A section listing spaces on a team's page or a friend's card: loading, failure with retry,
// empty, or the rows each caller draws.
import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface SpacesQuery<Item> {
  data: Item[] | undefined;
  isError: boolean;
  refetch: () => unknown;
}

export function SpacesSection<Item>({
  id,
  title,
  failedText,
  emptyText,
  spaces,
  rowKey,
  renderRow,
}: {
  /** the heading's id, naming the section */
  id: string;
  title: string;
  failedText: string;
  emptyText: string;
  spaces: SpacesQuery<Item>;
  rowKey: (item: Item) => string;
  renderRow: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();

  let body;
  if (spaces.isError && !spaces.data) {
    body = (
      <Result
        status="warning"
        title={failedText}
        extra={<Button onClick={() => void spaces.refetch()}>{t('addrbook.common.retry')}</Button>}
      />
    );
  } else if (!spaces.data) {
    body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  } else if (spaces.data.length === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={emptyText}
        className="addrbook-empty-small"
      />
    );
  } else {
    body = (
      <ul className="addrbook-list addrbook-spaces">
        {spaces.data.map((item) => (
          <li key={rowKey(item)}>{renderRow(item)}</li>
        ))}
      </ul>
    );
  }

  return (
    <section className="addrbook-section" aria-labelledby={id}>
      <Typography.Title level={5} id={id} className="addrbook-section-title">
        {title}
      </Typography.Title>
      {body}
    </section>
  );
}
