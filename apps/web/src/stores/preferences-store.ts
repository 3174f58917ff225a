// Look-and-feel choices kept in the browser under the spec's keys (§3): theme
// (`active-theme-name`, light by default), sidebar collapsed (`sidebar-status-key`) and the
// layout options (`config-layout`). The language lives with i18n (`locale`).
import { create } from 'zustand';
import { StorageKey } from '@library/contract';
import { readJsonStorage, readStorage, writeJsonStorage, writeStorage } from '../lib/storage';

export type ThemeName = 'light' | 'dark';

export interface LayoutConfig {
  /** the "my spaces" section of the sidebar is folded */
  spacesFolded: boolean;
}

const defaultLayout: LayoutConfig = { spacesFolded: false };

function isLayoutConfig(value: unknown): value is LayoutConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { spacesFolded?: unknown }).spacesFolded === 'boolean'
  );
}

function readTheme(): ThemeName {
  return readStorage(StorageKey.theme) === 'dark' ? 'dark' : 'light';
}

interface PreferencesState {
  theme: ThemeName;
  sidebarCollapsed: boolean;
  layout: LayoutConfig;
  setTheme: (theme: ThemeName) => void;
  setSidebarCollapsed: (collapsed: boolean) => void;
  setLayout: (patch: Partial<LayoutConfig>) => void;
}

export const usePreferencesStore = create<PreferencesState>((set, get) => ({
  theme: readTheme(),
  sidebarCollapsed: readStorage(StorageKey.sidebarStatus) === 'collapsed',
  layout: readJsonStorage(StorageKey.layout, isLayoutConfig) ?? defaultLayout,
  setTheme: (theme) => {
    // The page's data-theme and color-scheme follow in AppProviders, the one place that sets them.
    writeStorage(StorageKey.theme, theme);
    set({ theme });
  },
  setSidebarCollapsed: (collapsed) => {
    writeStorage(StorageKey.sidebarStatus, collapsed ? 'collapsed' : 'expanded');
    set({ sidebarCollapsed: collapsed });
  },
  setLayout: (patch) => {
    const layout = { ...get().layout, ...patch };
    writeJsonStorage(StorageKey.layout, layout);
    set({ layout });
  },
}));
