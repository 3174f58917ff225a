// The space icon field: a few emoji to pick from, or any short text typed in.
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export const spaceEmoji = ['📚', '📘', '📝', '💡', '🚀', '🎯', '🧪', '🏛️', '🌱', '🗂️', '⭐', '🔧'];

interface IconPickerProps {
  value?: string;
  onChange?: (value: string) => void;
}

export function IconPicker({ value = '', onChange }: IconPickerProps) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={6} className="icon-picker">
      <div className="icon-picker-grid" role="listbox" aria-label={t('spaces.icon')}>
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
      <Input
        value={value}
        maxLength={8}
        placeholder={t('spaces.iconHint')}
        aria-label={t('spaces.icon')}
        onChange={(event) => onChange?.(event.target.value)}
      />
    </Space>
  );
}
