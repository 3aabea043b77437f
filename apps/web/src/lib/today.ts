import { dayOf } from '@sede/shared/projects/metrics';

/** Today's calendar day in Brazil ('2026-03-05'), to compare with due dates. */
export const todayIso = () => dayOf(new Date());
