/**
 * Which instalments may be paid together: the earliest unpaid one must be included and no
 * period may be skipped, so a selection is always the first k unpaid periods.
 */
export type PeriodSelectionProblem = 'noPeriods' | 'unknownPeriod' | 'mustIncludeEarliest' | 'noSkipping';

export function checkPeriodSelection(unpaid: readonly number[], selected: readonly number[]): PeriodSelectionProblem | null {
  if (selected.length === 0) return 'noPeriods';
  const open = [...unpaid].sort((a, b) => a - b);
  const chosen = [...new Set(selected)].sort((a, b) => a - b);
  if (chosen.some((period) => !open.includes(period))) return 'unknownPeriod';
  if (chosen[0] !== open[0]) return 'mustIncludeEarliest';
  return chosen.every((period, index) => period === open[index]) ? null : 'noSkipping';
}

/** Toggling a period keeps the selection valid: selecting k selects every earlier one, unselecting k drops every later one. */
export function togglePeriod(unpaid: readonly number[], selected: readonly number[], period: number): number[] {
  const open = [...unpaid].sort((a, b) => a - b);
  const index = open.indexOf(period);
  if (index < 0) return [...selected];
  return selected.includes(period) ? open.slice(0, index) : open.slice(0, index + 1);
}

/** "1,2,3" ⇄ [1, 2, 3]: periods as the cashier query carries them. */
export function formatPeriods(periods: readonly number[]): string {
  return [...periods].sort((a, b) => a - b).join(',');
}

export function parsePeriods(text: string | undefined | null): number[] | null {
  if (!text) return [];
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  return parts.map(Number);
}
