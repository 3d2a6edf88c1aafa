import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { DateRange } from './date-range';

/** A screen-specific button of the action bar. */
export interface ScreenAction {
  id: string;
  label: string;
  icon?: ReactNode;
  onClick: () => unknown;
  disabled?: boolean;
}

/**
 * What a screen asks of the shell: the date filter and the action buttons it opts into.
 * Handlers may return a promise; the shell shows the button busy until it settles.
 */
export interface ScreenChrome {
  dateFilter?: boolean;
  onUpdate?: () => unknown;
  onNew?: () => unknown;
  newLabel?: string;
  onExportExcel?: () => unknown;
  onPrint?: () => unknown;
  custom?: ScreenAction[];
}

/** The shape of the registered chrome (which buttons exist), without the handlers. */
export interface ChromeShape {
  dateFilter: boolean;
  update: boolean;
  create: boolean;
  newLabel?: string;
  exportExcel: boolean;
  print: boolean;
  custom: { id: string; label: string; disabled?: boolean }[];
}

/** What the shell's breadcrumb bar renders from: the buttons, and their handlers by ref. */
export interface PageChromeShapeValue {
  shape: ChromeShape;
  handlers: React.RefObject<ScreenChrome>;
  customIcons: React.RefObject<Map<string, ReactNode>>;
}

export const EMPTY_SHAPE: ChromeShape = {
  dateFilter: false,
  update: false,
  create: false,
  exportExcel: false,
  print: false,
  custom: [],
};

/** The serialisable part of a screen's chrome. */
export function shapeOf(chrome: ScreenChrome): ChromeShape {
  return {
    dateFilter: !!chrome.dateFilter,
    update: !!chrome.onUpdate,
    create: !!chrome.onNew,
    newLabel: chrome.newLabel,
    exportExcel: !!chrome.onExportExcel,
    print: !!chrome.onPrint,
    custom: (chrome.custom ?? []).map(({ id, label, disabled }) => ({ id, label, disabled })),
  };
}

/**
 * Three contexts, so that each consumer re-renders only for what it reads: a screen
 * registering its buttons re-renders the bar, not the screen (whose rows can be a hundred).
 */
export const PageChromeRegisterContext = createContext<((chrome: ScreenChrome) => void) | null>(null);
export const PageChromeShapeContext = createContext<PageChromeShapeValue | null>(null);
export const DateRangeContext = createContext<readonly [DateRange, (range: DateRange) => void] | null>(null);

function useRequired<T>(context: React.Context<T | null>): T {
  const value = useContext(context);
  if (!value) throw new Error('PageChromeProvider is missing');
  return value;
}

/**
 * A screen declares its date filter and action buttons. Handlers are read at click time,
 * so passing fresh closures every render is fine; only the set of buttons re-renders the bar.
 */
export function useScreenChrome(chrome: ScreenChrome): void {
  const register = useRequired(PageChromeRegisterContext);
  const latest = useRef(chrome);
  useLayoutEffect(() => {
    latest.current = chrome;
  });
  const key = JSON.stringify(shapeOf(chrome));
  // Before the browser paints: the bar shows with the screen's first frame instead of
  // pushing the screen down a frame later. (Layout effects too for the cleanup, which then
  // runs before the next screen registers.)
  useLayoutEffect(() => {
    register({ ...latest.current, ...proxyHandlers(latest) });
  }, [key, register]);
  useLayoutEffect(() => () => register({}), [register]);
}

function proxyHandlers(latest: React.RefObject<ScreenChrome>): Partial<ScreenChrome> {
  const c = latest.current;
  return {
    onUpdate: c.onUpdate && (() => latest.current.onUpdate?.()),
    onNew: c.onNew && (() => latest.current.onNew?.()),
    onExportExcel: c.onExportExcel && (() => latest.current.onExportExcel?.()),
    onPrint: c.onPrint && (() => latest.current.onPrint?.()),
    custom: c.custom?.map((a) => ({
      ...a,
      onClick: () => latest.current.custom?.find((x) => x.id === a.id)?.onClick(),
    })),
  };
}

/** The shell side: what to render in the breadcrumb bar. */
export function usePageChromeShape(): PageChromeShapeValue {
  return useRequired(PageChromeShapeContext);
}

/** The shared date filter (yyyy-mm-dd), for screens that opted into it. */
export function useDateRange(): readonly [DateRange, (range: DateRange) => void] {
  return useRequired(DateRangeContext);
}
