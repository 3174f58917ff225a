// A template's cover: its emoji, or its image, or the kind's icon when it has none.
import { FileTextOutlined, FolderOutlined } from '@ant-design/icons';
import type { TemplateSummary } from '@library/contract';

export function TemplateCover({ template }: { template: TemplateSummary }) {
  const cover = template.cover?.trim();
  if (cover && /^(https?:\/\/|\/)/.test(cover)) {
    return <img className="template-cover" src={cover} alt="" />;
  }
  return (
    <span className="template-cover" aria-hidden>
      {cover || (template.kind === 'topic' ? <FolderOutlined /> : <FileTextOutlined />)}
    </span>
  );
}
