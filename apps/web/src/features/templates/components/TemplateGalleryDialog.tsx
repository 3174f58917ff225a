// 'New from template': the gallery of templates — starters (in the reader's language), system
// templates and this space's — as cards with cover, name and description, a preview of the one
// chosen, and 'use' that makes the page (at once) or the topic subtree (a pending creation,
// followed until it is done) at the chosen place. On a phone the preview takes the dialog's
// place, with a way back.
import { useState } from 'react';
import { Alert, Button, Empty, Modal, Skeleton, Spin, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  defaultLocale,
  errorMessage,
  isLocale,
  type TemplateCreation,
  type TemplateSummary,
} from '@library/contract';
import { toast } from '../../../components/toast';
import {
  createFromTemplate,
  settledCreation,
  useTemplate,
  useTemplates,
  type TemplateSource,
} from '../api/templates';
import { TemplateCover } from './TemplateCover';
import { TemplatePreview } from './TemplatePreview';
import './templates.css';

/** Where the chosen template goes: new content at a place, or into an empty page. */
export type TemplateGalleryDialogProps = {
  open: boolean;
  spaceId: string;
  onClose: () => void;
} & (
  | {
      /** the topic the new content goes into; null: the space root */
      parentId: string | null;
      /** the page or topic was made */
      onCreated: (creation: TemplateCreation) => void;
      fill?: undefined;
    }
  | {
      /** fills the empty page with the chosen page template (topic templates are not offered) */
      fill: (source: TemplateSource, templateId: string) => Promise<void>;
      parentId?: undefined;
      onCreated?: undefined;
    }
);

export function TemplateGalleryDialog(props: TemplateGalleryDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={t('templates.gallery')}
      onCancel={props.onClose}
      footer={null}
      width={960}
      className="template-gallery-modal"
      destroyOnHidden
    >
      {props.open && <Gallery {...props} />}
    </Modal>
  );
}

function Gallery(props: TemplateGalleryDialogProps) {
  const { spaceId, onClose } = props;
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const [source, setSource] = useState<TemplateSource>('starter');
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useTemplates(source, source === 'space' ? spaceId : null, locale);
  // an empty page takes page templates only
  const items = props.fill ? list.data?.filter((item) => item.kind === 'page') : list.data;
  const detail = useTemplate(source, chosen, locale);
  const summary = items?.find((item) => item.templateId === chosen);

  const use = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      if (props.fill) {
        await props.fill(source, chosen);
        onClose();
        return;
      }
      const started = await createFromTemplate(source, chosen, {
        spaceId,
        parentId: props.parentId,
      });
      const creation = await settledCreation(started);
      if (creation.state === 'done') {
        toast.success(t('templates.created'));
        props.onCreated(creation);
        onClose();
      } else {
        const reason = creation.errorCode ? errorMessage(creation.errorCode, locale) : '';
        toast.error(
          reason ? `${t('templates.createFailed')}: ${reason}` : t('templates.createFailed'),
        );
      }
    } catch {
      // the API client has shown the error
    } finally {
      setBusy(false);
    }
  };

  const cards = (
    <div className="template-cards" role="listbox" aria-label={t('templates.gallery')}>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.isError || !items ? (
        <Alert
          type="error"
          title={t('templates.loadFailed')}
          action={<Button onClick={() => void list.refetch()}>{t('templates.retry')}</Button>}
        />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={source === 'space' ? t('templates.emptySpace') : t('templates.empty')}
        />
      ) : (
        items.map((item) => (
          <TemplateCard
            key={item.templateId}
            template={item}
            selected={item.templateId === chosen}
            onSelect={() => setChosen(item.templateId)}
          />
        ))
      )}
    </div>
  );

  return (
    <div className={`template-gallery${chosen ? ' template-gallery-chosen' : ''}`}>
      <Tabs
        activeKey={source}
        onChange={(key) => {
          setSource(key as TemplateSource);
          setChosen(null);
        }}
        items={[
          { key: 'starter', label: t('templates.tabStarter') },
          { key: 'system', label: t('templates.tabSystem') },
          { key: 'space', label: t('templates.tabSpace') },
        ]}
      />
      <div className="template-gallery-body">
        {cards}
        <section className="template-preview-pane" aria-label={t('templates.preview')}>
          {chosen === null ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('templates.choose')} />
          ) : (
            <>
              <div className="template-preview-head">
                <Button
                  className="template-back"
                  type="text"
                  icon={<ArrowLeftOutlined />}
                  onClick={() => setChosen(null)}
                  aria-label={t('templates.back')}
                />
                <Typography.Title level={5} className="template-preview-title">
                  {summary?.name}
                </Typography.Title>
                <Button type="primary" loading={busy} onClick={() => void use()}>
                  {t('templates.use')}
                </Button>
              </div>
              <Spin spinning={busy} description={t('templates.creating')}>
                <div className="template-preview-scroll">
                  {detail.data ? (
                    <TemplatePreview root={detail.data.root} />
                  ) : (
                    <Skeleton active paragraph={{ rows: 8 }} />
                  )}
                </div>
              </Spin>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** A template's card: an option of the gallery's list when `selected` is given, else a button. */
export function TemplateCard({
  template,
  selected,
  onSelect,
}: {
  template: TemplateSummary;
  selected?: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      {...(selected === undefined ? {} : { role: 'option', 'aria-selected': selected })}
      className={`template-card${selected ? ' template-card-selected' : ''}`}
      onClick={onSelect}
    >
      <TemplateCover template={template} />
      <span className="template-card-text">
        <span className="template-card-name">
          {template.name}
          {template.kind === 'topic' && (
            <Tag className="template-card-tag">
              {t('templates.kindTopic')} · {t('templates.pages', { count: template.pageCount })}
            </Tag>
          )}
        </span>
        <span className="template-card-description">{template.description}</span>
      </span>
    </button>
  );
}
