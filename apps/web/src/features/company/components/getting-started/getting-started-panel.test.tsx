import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { computePermissions } from '@sede/shared/permissions';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testCompany } from '../../../../../test/render.tsx';
import { GettingStartedPanel } from './getting-started-panel.tsx';
import { dismissedKey } from './steps.ts';

const session = vi.hoisted(() => ({ value: null as unknown }));
vi.mock('../../../../lib/session/auth-provider.tsx', () => ({ useAuth: () => session.value }));

const company = testCompany({ onboarding_areas: ['sales'] });

function signIn(userId: string) {
  session.value = {
    user: { id: userId },
    profile: { first_name: 'Ana', last_name: null, phone: null },
    company,
    // Not an admin: the panel asks the server nothing (the team counts are admin-only).
    permissions: computePermissions({ role: 'marketing' }),
  };
}

function renderPanel() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <GettingStartedPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("'Primeiros passos' panel", () => {
  beforeEach(() => {
    signIn('user-1');
  });

  it('lists the steps that apply to a member, with progress and links for the pending ones', () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Primeiros passos' })).toBeTruthy();
    expect(screen.getByTestId('getting-started-progress').textContent).toBe('1 de 2 concluídos');
    expect(screen.queryByTestId('step-team')).toBeNull();
    expect(screen.getByTestId('step-profile').getAttribute('data-done')).toBe('false');
    expect(screen.getByRole('link', { name: 'Completar perfil' }).getAttribute('href')).toBe('/perfil');
  });

  it('dismissal hides it and is remembered for this person only', async () => {
    const first = renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar primeiros passos' }));
    expect(screen.queryByTestId('getting-started')).toBeNull();
    expect(localStorage.getItem(dismissedKey('user-1'))).toBe('1');
    first.unmount();

    // The same person again (a new visit): still hidden.
    renderPanel().unmount();
    expect(screen.queryByTestId('getting-started')).toBeNull();

    // Someone else in the same browser still sees it.
    signIn('user-2');
    renderPanel();
    expect(screen.getByTestId('getting-started')).toBeTruthy();
  });

  it('without a company there is nothing to show', () => {
    session.value = { ...(session.value as object), company: null };
    renderPanel();
    expect(screen.queryByTestId('getting-started')).toBeNull();
  });
});
