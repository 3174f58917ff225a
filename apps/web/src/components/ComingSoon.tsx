import { Button, Descriptions, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import type { TranslationKey } from '../lib/i18n-keys';

export interface ComingSoonDetail {
  labelKey: TranslationKey;
  value: string | undefined;
}

/** A clearly marked placeholder for a screen that a later release builds. */
export function ComingSoon({
  featureKey,
  details = [],
}: {
  featureKey: TranslationKey;
  details?: ComingSoonDetail[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = details.filter((detail) => detail.value);
  return (
    <div className="coming-soon">
      <Result
        icon={<ClockCircleOutlined />}
        title={t('placeholder.title', { feature: t(featureKey) })}
        subTitle={t('placeholder.text')}
        extra={
          <Button type="primary" onClick={() => navigate(paths.home.path)}>
            {t('placeholder.backHome')}
          </Button>
        }
      >
        {shown.length > 0 && (
          <Descriptions
            size="small"
            column={1}
            bordered
            className="coming-soon-details"
            items={shown.map((detail) => ({
              key: detail.labelKey,
              label: t(detail.labelKey),
              children: detail.value,
            }))}
          />
        )}
      </Result>
    </div>
  );
}
