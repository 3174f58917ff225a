import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadLaterText } from '../lib/i18n';

// Lazy screens and dialogs can take more than the default second to appear on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// Parts are drawn alone, without the route or the shell that waits for their text: all of it is
// there from the start.
await loadLaterText();

// Each test starts with empty storage and an unmounted screen.
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
