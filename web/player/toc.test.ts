import { describe, expect, it } from 'vitest';
import type { LaunchItem } from './launch';
import { launchableItems, neighbour, progress, showsToc, startItem, statusFromValues, statusKind } from './toc';

const item = (id: string, href: string | null, estado: string | null = null, nivel = 0): LaunchItem => ({
  id,
  titulo: id,
  nivel,
  href,
  estado,
});

const ITEMS = [item('A', 'a.html', 'completed'), item('M', null), item('B', 'b.html', 'failed', 1), item('C', 'c.html', null, 1)];

describe('the table of contents', () => {
  it('lists only items with an href as launchable', () => {
    expect(launchableItems(ITEMS).map((i) => i.id)).toEqual(['A', 'B', 'C']);
  });

  it('is shown only when there is more than one launchable item', () => {
    expect(showsToc(ITEMS)).toBe(true);
    expect(showsToc([item('A', 'a.html'), item('M', null)])).toBe(false);
  });

  it('starts at the launch inicio (resume), or at the first launchable item when inicio cannot be opened', () => {
    expect(startItem({ inicio: 'C', items: ITEMS })?.id).toBe('C');
    expect(startItem({ inicio: 'M', items: ITEMS })?.id).toBe('A');
    expect(startItem({ inicio: 'GONE', items: ITEMS })?.id).toBe('A');
    expect(startItem({ inicio: null, items: ITEMS })?.id).toBe('A');
    expect(startItem({ inicio: null, items: [item('M', null)] })).toBeNull();
  });

  it('moves to the next and previous launchable items, skipping folders', () => {
    expect(neighbour(ITEMS, 'A', 1)?.id).toBe('B');
    expect(neighbour(ITEMS, 'B', -1)?.id).toBe('A');
    expect(neighbour(ITEMS, 'C', 1)).toBeNull();
    expect(neighbour(ITEMS, 'A', -1)).toBeNull();
  });

  it('folds status words into icons and counts finished items', () => {
    expect(statusKind('passed')).toBe('passed');
    expect(statusKind('not attempted')).toBe('notAttempted');
    expect(statusKind('not_attempted')).toBe('notAttempted');
    expect(statusKind('unknown')).toBe('notAttempted');
    expect(statusKind(null)).toBe('notAttempted');
    expect(statusKind('Incomplete')).toBe('incomplete');
    expect(progress(ITEMS)).toEqual({ done: 2, total: 3 });
  });

  it('reads an item status from committed values: 1.2 lesson_status, 2004 success before completion', () => {
    expect(statusFromValues('1.2', { 'cmi.core.lesson_status': 'passed' })).toBe('passed');
    expect(statusFromValues('2004', { 'cmi.completion_status': 'completed', 'cmi.success_status': 'failed' })).toBe('failed');
    expect(statusFromValues('2004', { 'cmi.completion_status': 'completed', 'cmi.success_status': 'unknown' })).toBe('completed');
    expect(statusFromValues('2004', {})).toBeNull();
  });
});
