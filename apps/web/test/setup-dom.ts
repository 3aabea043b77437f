import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// React's act() warnings stay quiet: testing-library wraps renders and events in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// findBy…/waitFor wait up to 5 s, not testing-library's 1 s: with 4 workers on 2 cores a lazy
// chunk's first render can take longer than a second, and a wait that expires early is a flaky test.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
