import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Each test starts with empty storage and an unmounted screen.
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = 'token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
