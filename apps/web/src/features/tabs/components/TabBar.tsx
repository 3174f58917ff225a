// The tab bar of a space (spec §4): click activates, × or a middle click closes, 'close all'
// returns to the space root.
import { Button, Tabs, Tooltip } from 'antd';
import { CloseSquareOutlined, FileTextOutlined, RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TabsState } from '../lib/tab-rules';

interface TabBarProps {
  state: TabsState;
  onClose: (id: string) => void;
  onCloseAll: () => void;
}

export function TabBar({ state, onClose, onCloseAll }: TabBarProps) {
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
      items={state.tabs.map((tab) => ({
        key: tab.id,
        closeIcon: undefined,
        label: (
          <span
            className="space-tab-label"
            title={tab.title}
            onAuxClick={(event) => {
              if (event.button === 1) {
                event.preventDefault();
                onClose(tab.id);
              }
            }}
            onMouseDown={(event) => {
              // no autoscroll cursor on middle click
              if (event.button === 1) event.preventDefault();
            }}
          >
            {tab.type === 'ai-chat' ? <RobotOutlined /> : <FileTextOutlined />}
            <span className="space-tab-title">{tab.title || t('spaces.typePage')}</span>
          </span>
        ),
      }))}
    />
  );
}
