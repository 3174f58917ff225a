import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@library/contract';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A row's before and after, as the JSON the server stored (the expanded row). */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const parts = [
    { key: 'before', label: t('system.audit.before'), value: entry.before },
    { key: 'after', label: t('system.audit.after'), value: entry.after },
  ].filter((part) => part.value !== null && part.value !== undefined);
  if (parts.length === 0) {
    return <Typography.Text type="secondary">{t('system.audit.noChange')}</Typography.Text>;
  }
  return (
    <div className="audit-change">
      {parts.map((part) => (
        <section key={part.key} aria-label={part.label}>
          <Typography.Text strong>{part.label}</Typography.Text>
          <pre className="audit-json">{json(part.value)}</pre>
        </section>
      ))}
    </div>
  );
}
