import { Building2, Coins, LogOut, Menu, PanelLeftClose, PanelLeftOpen, Receipt, User, CreditCard, X } from 'lucide-react';
import * as Drawer from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link, Outlet, useMatches, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { cn } from '../../lib/cn.ts';
import { count } from '@sede/shared/format';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { ClosureBanner } from '../../features/company/components/closure-banner.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { NotificationBell } from '../../components/notifications/notification-bell.tsx';

function usePageTitle() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: string } | undefined;
  return handle?.title ?? 'Sede';
}

export function AppShell() {
  const { company, user, signOut } = useAuth();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const title = usePageTitle();
  const navigate = useNavigate();

  const handleSignOut = async () => {
    try {
      await signOut();
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <Drawer.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
      <div className="flex min-h-dvh bg-slate-50">
        <aside
          className={cn('sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-slate-200 bg-white md:flex', collapsed ? 'w-16' : 'w-64')}
          aria-label="Navegação principal"
        >
          <div className={cn('flex h-14 items-center border-b border-slate-200 px-3', collapsed ? 'justify-center' : 'justify-between')}>
            {!collapsed && <Logo />}
            <Button variant="ghost" size="icon" onClick={() => setCollapsed((c) => !c)} aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}>
              {collapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
            </Button>
          </div>
          <SidebarNav collapsed={collapsed} companyName={company?.fantasia || company?.name} />
        </aside>

        {/* Radix dialog: Escape and the backdrop close it, focus stays inside and returns to the menu button. */}
        <Drawer.Portal>
          <Drawer.Overlay className="fixed inset-0 z-40 bg-slate-900/40 md:hidden" />
          <Drawer.Content
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl md:hidden"
            aria-describedby={undefined}
          >
            <Drawer.Title className="sr-only">Menu</Drawer.Title>
            <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
              <Logo />
              <Drawer.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Fechar menu">
                  <X />
                </Button>
              </Drawer.Close>
            </div>
            <SidebarNav collapsed={false} companyName={company?.fantasia || company?.name} onNavigate={() => setDrawerOpen(false)} />
          </Drawer.Content>
        </Drawer.Portal>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur">
            <Drawer.Trigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu">
                <Menu />
              </Button>
            </Drawer.Trigger>
            <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{title}</h1>
            {company && (
              <Link
                to="/comprar-moedas"
                className="flex items-center gap-1.5 rounded-full border border-amber-200 bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900"
                aria-label={`Saldo: ${count(company.currency_amount)} moedas`}
                data-testid="header-balance"
              >
                <Coins className="size-4" aria-hidden />
                <span>{count(company.currency_amount)}</span>
              </Link>
            )}
            {company && <NotificationBell />}
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <Button variant="ghost" size="icon" aria-label="Menu do usuário">
                  <span className="flex size-8 items-center justify-center rounded-full bg-[var(--color-accent-soft)] text-sm font-semibold text-[var(--color-accent)]">
                    {(user?.firstName?.[0] ?? user?.email?.[0] ?? '?').toUpperCase()}
                  </span>
                </Button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
                  <div className="px-2 py-1.5 text-xs text-slate-600">{user?.email}</div>
                  <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                  {[
                    { to: '/perfil', label: 'Meu perfil', icon: User },
                    { to: '/empresa', label: 'Empresa', icon: Building2 },
                    { to: '/planos', label: 'Planos', icon: CreditCard },
                    { to: '/billing', label: 'Assinatura e pagamentos', icon: Receipt },
                  ].map((item) => (
                    <DropdownMenu.Item
                      key={item.to}
                      onSelect={() => navigate(item.to)}
                      className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                    >
                      <item.icon className="size-4" aria-hidden /> {item.label}
                    </DropdownMenu.Item>
                  ))}
                  <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
                  <DropdownMenu.Item
                    onSelect={() => void handleSignOut()}
                    className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
                  >
                    <LogOut className="size-4" aria-hidden /> Sair
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </header>
          <ClosureBanner />
          <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
            <Outlet />
          </main>
        </div>
      </div>
    </Drawer.Root>
  );
}
