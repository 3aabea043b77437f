import { dayOfWeek, holidayOn } from '@sede/shared/platform/calendar';
import { effectiveDueDate } from '@sede/shared/finance/money';
import { day } from '@sede/shared/format';

/** Why a due date moves: "sábado", "domingo" or the holiday's name. */
export function dayOffReason(date: string): string | null {
  const holiday = holidayOn(date);
  if (holiday) return holiday.name;
  const dow = dayOfWeek(date);
  return dow === 6 ? 'sábado' : dow === 0 ? 'domingo' : null;
}

/** "Cai em sábado: pagável em 11/05/2026 (próximo dia útil)." — nothing on a business day. */
export function DueHint({ dueDate, className }: { dueDate: string; className?: string }) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) return null;
  const effective = effectiveDueDate(dueDate);
  if (effective === dueDate) return null;
  return (
    <span className={className ?? 'text-xs text-amber-800'}>
      Cai em {dayOffReason(dueDate)}: pagável em {day(effective)} (próximo dia útil).
    </span>
  );
}
