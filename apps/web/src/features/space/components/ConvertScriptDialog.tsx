// 'Convert 简/繁' for a page or a topic with everything under it: to Traditional (Taiwan or Hong
// Kong phrasing) or to Simplified, in place or as a copy beside it. It runs on the server with
// OpenCC — no model — and answers how many pages it converted; a copy opens when it is made.
import { useState } from 'react';
import { Form, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast';
import { convertScript } from '../api/convert-script';

export interface ConvertScriptTarget {
  type: 'page' | 'topic';
  id: string;
  name: string;
}

type Target = 'tw' | 'hk' | 'cn';

interface Values {
  to: Target;
  mode: 'inPlace' | 'copy';
}

export function ConvertScriptDialog({
  target,
  onClose,
  onConverted,
}: {
  target: ConvertScriptTarget | null;
  onClose: () => void;
  /** after the conversion: the node converted in place, or its copy */
  onConverted: (node: { type: 'page' | 'topic'; id: string; copy: boolean }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [running, setRunning] = useState(false);

  const submit = async ({ to, mode }: Values) => {
    if (!target) return;
    setRunning(true);
    try {
      const result = await convertScript({
        ...(target.type === 'page' ? { pageId: target.id } : { topicId: target.id }),
        action: to === 'cn' ? 'toSimplified' : 'toTraditional',
        ...(to === 'hk' ? { instruction: 'hk' as const } : {}),
        mode,
      });
      // in place, the pages already in that script are left as they were
      toast.success(
        t('spaces.convert.done', { count: mode === 'copy' ? result.pages : result.changed }),
      );
      const id = (target.type === 'page' ? result.pageId : result.topicId) ?? target.id;
      onConverted({ type: target.type, id, copy: mode === 'copy' });
      onClose();
    } catch {
      // the API client has shown the error
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('spaces.convert.title', { name: target?.name ?? '' })}
      okText={t('spaces.convert.ok')}
      cancelText={t('spaces.cancel')}
      confirmLoading={running}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="convert-script-hint">
        {t(target?.type === 'topic' ? 'spaces.convert.topicHint' : 'spaces.convert.pageHint')}
      </p>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ to: 'tw', mode: 'copy' }}
        onFinish={(values) => void submit(values)}
        preserve={false}
      >
        <Form.Item name="to" label={t('spaces.convert.to')}>
          <Radio.Group
            options={[
              { value: 'tw', label: t('spaces.convert.tw') },
              { value: 'hk', label: t('spaces.convert.hk') },
              { value: 'cn', label: t('spaces.convert.cn') },
            ]}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('spaces.convert.mode')}>
          <Radio.Group
            options={[
              { value: 'copy', label: t('spaces.convert.copy') },
              { value: 'inPlace', label: t('spaces.convert.inPlace') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
