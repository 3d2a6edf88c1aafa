import { addMonths, format } from 'date-fns';

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1000;

/** A local date as AAAA-MM-DD (the server's dueDate). */
export function isoDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The default due date of a new task: one month from today. */
export function oneMonthAhead(today: Date = new Date()): string {
  return isoDay(addMonths(today, 1));
}

/** A pending task whose due date has passed (due today is not overdue). */
export function isOverdue(task: { done: boolean; dueDate: string }, today: Date = new Date()): boolean {
  return !task.done && !!task.dueDate && task.dueDate.slice(0, 10) < isoDay(today);
}

/** Pending first, then by due date (soonest first), then by title. */
export function sortTasks<T extends { done: boolean; dueDate: string; title: string }>(tasks: readonly T[]): T[] {
  return [...tasks].sort(
    (a, b) => Number(a.done) - Number(b.done) || a.dueDate.localeCompare(b.dueDate) || a.title.localeCompare(b.title),
  );
}
