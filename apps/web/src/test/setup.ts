import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy screens and dialogs can take more than the default second to appear on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// Each test starts with empty storage and an unmounted screen.
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
