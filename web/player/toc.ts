/** The table of contents: which items can be opened, where to start, what comes next, status icons. */
import type { Launch, LaunchItem, ScormVersion } from './launch';
import type { StatusKind } from './texts';

/** The launchable items (those with an href), in the manifest's order. */
export function launchableItems(items: readonly LaunchItem[]): LaunchItem[] {
  return items.filter((item) => item.href !== null);
}

/** The table of contents is shown only when there is a choice to make. */
export function showsToc(items: readonly LaunchItem[]): boolean {
  return launchableItems(items).length > 1;
}

/** The item to open first: the launch's `inicio` when it can be opened, else the first launchable one. */
export function startItem(launch: Pick<Launch, 'inicio' | 'items'>): LaunchItem | null {
  const launchable = launchableItems(launch.items);
  return launchable.find((item) => item.id === launch.inicio) ?? launchable[0] ?? null;
}

/** The launchable item after (`+1`) or before (`-1`) the given one, or null at either end. */
export function neighbour(items: readonly LaunchItem[], id: string, step: 1 | -1): LaunchItem | null {
  const launchable = launchableItems(items);
  const index = launchable.findIndex((item) => item.id === id);
  if (index < 0) return null;
  return launchable[index + step] ?? null;
}

/** Folds any status word (SCORM 1.2 lesson_status, 2004 success/completion, the server's) into an icon. */
export function statusKind(estado: string | null | undefined): StatusKind {
  switch ((estado ?? '').toLowerCase().replace(/[_-]/g, ' ').trim()) {
    case 'passed':
      return 'passed';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'incomplete':
      return 'incomplete';
    case 'browsed':
      return 'browsed';
    default:
      return 'notAttempted';
  }
}

/** Whether a status counts as finished for the progress count. */
export function isFinished(kind: StatusKind): boolean {
  return kind === 'passed' || kind === 'completed' || kind === 'failed';
}

/**
 * An item's status after a commit, from the values the SCO committed: 1.2's lesson_status;
 * for 2004 the success status when the SCO decided it, else the completion status.
 */
export function statusFromValues(version: ScormVersion, valores: Readonly<Record<string, string>>): string | null {
  if (version === '1.2') return valores['cmi.core.lesson_status'] || null;
  const success = valores['cmi.success_status'];
  if (success === 'passed' || success === 'failed') return success;
  return valores['cmi.completion_status'] || null;
}

/** How many launchable items are finished, and how many there are. */
export function progress(items: readonly LaunchItem[]): { done: number; total: number } {
  const launchable = launchableItems(items);
  return { done: launchable.filter((item) => isFinished(statusKind(item.estado))).length, total: launchable.length };
}
