import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// React's act() warnings stay quiet: testing-library wraps renders and events in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
