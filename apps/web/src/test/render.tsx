import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AppProviders } from '../app/AppProviders';

/** Renders inside the app's providers (query cache, i18n, antd theme, toasts); so does rerender. */
export function renderWithProviders(ui: ReactElement) {
  return render(ui, { wrapper: AppProviders });
}
