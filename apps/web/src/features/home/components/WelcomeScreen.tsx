import { Button, Layout } from 'antd';
import { CommentOutlined, GlobalOutlined, ReadOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ProductLogo } from '../../../components/ProductLogo';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { ThemeSwitcher } from '../../../components/ThemeSwitcher';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { openDialog } from '../../../stores/dialog-store';

const highlights = [
  { key: 'spaces', icon: <ReadOutlined /> },
  { key: 'ai', icon: <CommentOutlined /> },
  { key: 'share', icon: <TeamOutlined /> },
  { key: 'open', icon: <GlobalOutlined /> },
] as const;

/**
 * The visitor's front page: what the library is, and the way in. Part of a first visit's
 * download (docs/performance.md, "First load"), so its text is plain elements styled as antd's
 * Typography (`type-*` in global.css) rather than the component.
 */
export function WelcomeScreen() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const handleLogin = () => openDialog('login');
  return (
    <Layout className="welcome-screen">
      <header className="welcome-header">
        <ProductLogo size={32} />
        <div className="header-actions">
          <LanguageSwitcher showLabel={!isMobile} />
          <ThemeSwitcher />
          <Button type="primary" onClick={handleLogin}>
            {t('welcome.login')}
          </Button>
        </div>
      </header>
      <main className="welcome-main">
        <section className="welcome-hero">
          <h1 className="type-title welcome-title">{t('home.welcome')}</h1>
          <div className="type-text welcome-lead">{t('welcome.lead')}</div>
          <Button type="primary" size="large" onClick={handleLogin} className="welcome-cta">
            {t('welcome.start')}
          </Button>
        </section>
        <section className="welcome-highlights" aria-label={t('welcome.highlightsLabel')}>
          {highlights.map((item) => (
            <article key={item.key} className="welcome-highlight">
              <div className="welcome-highlight-icon" aria-hidden>
                {item.icon}
              </div>
              <h5 className="type-title">{t(`welcome.highlights.${item.key}.title`)}</h5>
              <div className="type-text type-secondary">
                {t(`welcome.highlights.${item.key}.text`)}
              </div>
            </article>
          ))}
        </section>
      </main>
      <footer className="welcome-footer">
        <span className="type-text type-secondary">{t('welcome.footer')}</span>
      </footer>
    </Layout>
  );
}
