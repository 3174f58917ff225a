// The tab bar of a space (spec §4): click activates, × or a middle click closes, 'close all'
// returns to the space root. While the space's AI is on its chat tab stays, last, with no ×.
// Titles that are labels (the AI chat, an untitled page) are translated here, never stored.
import { Button, Tabs, Tooltip } from 'antd';
import { CloseSquareOutlined, FileTextOutlined, RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TabsState } from '../lib/tab-rules';

interface TabBarProps {
  state: TabsState;
  /** the space's AI is on: its chat tab cannot be closed */
  aiEnabled?: boolean;
  onClose: (id: string) => void;
  onCloseAll: () => void;
}

export function TabBar({ state, aiEnabled = false, onClose, onCloseAll }: TabBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (state.tabs.length === 0) return null;
  return (
    <Tabs
      className="space-tabs"
      type="editable-card"
      size="small"
      hideAdd
      aria-label={t('spaces.tabs')}
      activeKey={state.activeId ?? ''}
      onChange={(id) => {
        const tab = state.tabs.find((candidate) => candidate.id === id);
        if (tab) navigate(tab.fullPath);
      }}
      onEdit={(id, action) => {
        if (action === 'remove' && typeof id === 'string') onClose(id);
      }}
      tabBarExtraContent={{
        right: (
          <Tooltip title={t('spaces.closeAll')}>
            <Button
              type="text"
              size="small"
              icon={<CloseSquareOutlined />}
              onClick={onCloseAll}
              className="space-tabs-close-all"
            >
              {t('spaces.closeAll')}
            </Button>
          </Tooltip>
        ),
      }}
      items={state.tabs.map((tab) => {
        const isAiChat = tab.type === 'ai-chat';
        const closable = !(isAiChat && aiEnabled);
        const title = isAiChat ? t('spaces.aiChat') : tab.title || t('spaces.typePage');
        return {
          key: tab.id,
          closable,
          label: (
            <span
              className="space-tab-label"
              title={title}
              onAuxClick={(event) => {
                if (event.button === 1 && closable) {
                  event.preventDefault();
                  onClose(tab.id);
                }
              }}
              onMouseDown={(event) => {
                // no autoscroll cursor on middle click
                if (event.button === 1) event.preventDefault();
              }}
            >
              {isAiChat ? <RobotOutlined /> : <FileTextOutlined />}
              <span className="space-tab-title">{title}</span>
            </span>
          ),
        };
      })}
    />
  );
}
