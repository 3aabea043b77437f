import { createContext, use, useId, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * The WAI-ARIA tabs pattern (tablist/tab/tabpanel, roving tabindex, arrow keys, Home/End) in a
 * few lines. Radix Tabs would bring its collection and roving-focus packages (~8 KB gzip) and
 * push /auth past its 150 KB budget: docs/decisions/0020-auth-screens.md.
 */
type TabsContext = { value: string; select: (value: string) => void; idFor: (value: string, part: 'tab' | 'panel') => string };
const Ctx = createContext<TabsContext | null>(null);
const useTabs = () => use(Ctx)!;

export function AuthTabs({ value, onValueChange, children }: { value: string; onValueChange: (value: string) => void; children: ReactNode }) {
  const base = useId();
  const idFor = (v: string, part: 'tab' | 'panel') => `${base}-${part}-${v}`;
  return <Ctx value={{ value, select: onValueChange, idFor }}>{children}</Ctx>;
}

export function AuthTabsList({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    target.focus();
    target.click();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      className={cn('grid grid-cols-2 gap-1 rounded-[var(--radius-ui)] bg-slate-100 p-1', className)}
      {...props}
    />
  );
}

/** `onIntent` runs on hover or focus, before the click: a chance to fetch what the panel needs. */
export function AuthTabsTrigger({ value, children, onIntent }: { value: string; children: ReactNode; onIntent?: () => void }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idFor(value, 'tab')}
      aria-selected={active}
      aria-controls={tabs.idFor(value, 'panel')}
      tabIndex={active ? 0 : -1}
      data-state={active ? 'active' : 'inactive'}
      onClick={() => tabs.select(value)}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className={cn(
        'h-9 rounded-[calc(var(--radius-ui)-2px)] text-sm font-medium text-slate-600 transition-colors hover:text-slate-900',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-accent)]',
        'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
      )}
    >
      {children}
    </button>
  );
}

/** Only the active panel is rendered, as Radix does by default. */
export function AuthTabsContent({ value, children }: { value: string; children: ReactNode }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div role="tabpanel" id={tabs.idFor(value, 'panel')} aria-labelledby={tabs.idFor(value, 'tab')} className="mt-6">
      {children}
    </div>
  );
}
