// The space icon field: a few emoji to pick from, any short text typed in, or (for a space that
// exists) an uploaded image, which the server stores and answers as the icon's image path.
import { useRef, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@library/contract';
import { toast } from '../../../components/toast';
import { isImagePath, resolveImagePath } from '../../../lib/image-path';

export const spaceEmoji = ['📚', '📘', '📝', '💡', '🚀', '🎯', '🧪', '🏛️', '🌱', '🗂️', '⭐', '🔧'];

interface IconPickerProps {
  value?: string;
  onChange?: (value: string) => void;
  /** uploads an image and answers the new icon value; without it there is no upload button */
  onUpload?: (file: File) => Promise<string>;
}

export function IconPicker({ value = '', onChange, onUpload }: IconPickerProps) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const image = value && isImagePath(value) ? value : null;

  const handleFile = async (file: File | undefined) => {
    if (!file || !onUpload) return;
    // the server checks too (and sniffs the bytes); this spares a doomed upload
    if (file.size > limits.avatarMaxBytes) {
      toast.error(t('spaces.iconTooBig'));
      return;
    }
    setUploading(true);
    try {
      onChange?.(await onUpload(file));
      toast.success(t('spaces.iconUploaded'));
    } catch {
      // shown by the API client
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space orientation="vertical" size={6} className="icon-picker">
      <div className="icon-picker-grid" role="listbox" aria-label={t('spaces.icon')}>
        {image && (
          <Button
            size="small"
            type="primary"
            role="option"
            aria-selected
            aria-label={t('spaces.iconImage')}
            className="icon-picker-option"
          >
            <img className="icon-picker-image" src={resolveImagePath(image)} alt="" />
          </Button>
        )}
        {spaceEmoji.map((emoji) => (
          <Button
            key={emoji}
            size="small"
            type={value === emoji ? 'primary' : 'text'}
            role="option"
            aria-selected={value === emoji}
            className="icon-picker-option"
            onClick={() => onChange?.(value === emoji ? '' : emoji)}
          >
            {emoji}
          </Button>
        ))}
      </div>
      <Space.Compact className="icon-picker-text">
        <Input
          value={image ? '' : value}
          maxLength={8}
          placeholder={t('spaces.iconHint')}
          aria-label={t('spaces.icon')}
          onChange={(event) => onChange?.(event.target.value)}
        />
        {onUpload && (
          <Button
            icon={<PictureOutlined />}
            loading={uploading}
            onClick={() => picker.current?.click()}
          >
            {t('spaces.iconUpload')}
          </Button>
        )}
      </Space.Compact>
      {onUpload && (
        <input
          ref={picker}
          type="file"
          // an author style on inputs beats the hidden attribute, so hide it explicitly
          style={{ display: 'none' }}
          accept="image/png,image/jpeg,image/gif,image/webp"
          data-testid="space-icon-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void handleFile(file);
          }}
        />
      )}
    </Space>
  );
}
