import { percent } from '@sede/shared/format';

/** The API's rates run 0–100: 12.5 → '12,5%'. */
export const pct = (points: number | null) => percent(points === null ? null : points / 100, 1);
