// The start screen of an empty page, under the editor of a page nobody has written
// in yet: 'start writing' (puts the cursor in the editor), a few page templates — this space's,
// the system's, then the starters — and 'more templates', the gallery. Choosing one fills this
// page (`…/fill`, against the draft revision the editor loaded); the page screen then reloads
// the draft. Only editors see it: the page screen shows it in the editor only.
import { useState } from 'react';
import { Button, Skeleton, Spin } from 'antd';
import { AppstoreOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultLocale, isLocale } from '@library/contract';
import { toast } from '../../../components/toast';
import { fillPageFromTemplate, useTemplates, type TemplateSource } from '../api/templates';
import { TemplateCard, TemplateGalleryDialog } from './TemplateGalleryDialog';
import './templates.css';

/** how many templates the start screen offers before 'more templates' */
const offered = 6;

export interface PageStartScreenProps {
  spaceId: string;
  pageId: string;
  /** the draft revision the editor loaded */
  baseRevision: () => number;
  onStartWriting: () => void;
  /** the page took the template's blocks */
  onFilled: () => void;
}

export function PageStartScreen({
  spaceId,
  pageId,
  baseRevision,
  onStartWriting,
  onFilled,
}: PageStartScreenProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const [busy, setBusy] = useState(false);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const own = useTemplates('space', spaceId, locale);
  const system = useTemplates('system', null, locale);
  const starters = useTemplates('starter', null, locale);
  const picks = [...(own.data ?? []), ...(system.data ?? []), ...(starters.data ?? [])]
    .filter((template) => template.kind === 'page')
    .slice(0, offered);

  const fill = async (source: TemplateSource, templateId: string) => {
    await fillPageFromTemplate(source, templateId, { pageId, baseRevision: baseRevision() });
    toast.success(t('templates.start.filled'));
    onFilled();
  };

  const choose = async (source: TemplateSource, templateId: string) => {
    setBusy(true);
    try {
      await fill(source, templateId);
    } catch {
      // the API client has shown the error
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page-start" aria-label={t('templates.start.label')}>
      <Button
        className="page-start-write"
        type="text"
        icon={<EditOutlined />}
        onClick={onStartWriting}
      >
        {t('templates.start.write')}
      </Button>
      <div className="page-start-heading">{t('templates.start.fromTemplate')}</div>
      <Spin spinning={busy}>
        <div className="page-start-cards" role="list">
          {starters.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            picks.map((template) => (
              <div role="listitem" key={`${template.scope}-${template.templateId}`}>
                <TemplateCard
                  template={template}
                  onSelect={() => void choose(template.scope, template.templateId)}
                />
              </div>
            ))
          )}
        </div>
      </Spin>
      <Button
        className="page-start-more"
        type="link"
        icon={<AppstoreOutlined />}
        onClick={() => setGalleryOpen(true)}
      >
        {t('templates.start.more')}
      </Button>
      <TemplateGalleryDialog
        open={galleryOpen}
        spaceId={spaceId}
        fill={fill}
        onClose={() => setGalleryOpen(false)}
      />
    </section>
  );
}

export default PageStartScreen;
