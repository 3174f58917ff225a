import { Button, theme } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a screen fails to load or crashes (e.g. an old chunk after an update). Drawn as
 * antd's `<Result status="error">` is, from the same tokens, but without it: Result brings its
 * 403/404/500 pictures along, about 10 kB of gzip in the first load.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (error) console.error(error);
  const heading = token.fontSizeHeading3;
  return (
    <div className="centered-screen">
      <div style={{ padding: `${token.paddingLG * 2}px ${token.paddingXL}px` }}>
        <div
          style={{
            marginBottom: token.paddingLG,
            textAlign: 'center',
            color: token.colorError,
          }}
        >
          <CloseCircleFilled
            style={{ fontSize: typeof heading === 'number' ? heading * 3 : `calc(${heading} * 3)` }}
          />
        </div>
        <div
          style={{
            color: token.colorTextHeading,
            fontSize: heading,
            lineHeight: token.lineHeightHeading3,
            marginBlock: token.marginXS,
            textAlign: 'center',
          }}
        >
          {t('errors.screenFailed')}
        </div>
        <div
          style={{
            color: token.colorTextDescription,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
            textAlign: 'center',
          }}
        >
          {t('errors.screenFailedHint')}
        </div>
        <div style={{ marginTop: token.paddingLG, textAlign: 'center' }}>
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        </div>
      </div>
    </div>
  );
}
