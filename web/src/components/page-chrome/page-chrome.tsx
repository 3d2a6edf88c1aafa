import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { defaultDateRange, type DateRange } from './date-range';
import { EMPTY_SHAPE, PageChromeContext, shapeOf, type ChromeShape, type PageChromeValue, type ScreenChrome } from './page-chrome-context';

/** Holds the current screen's chrome and the shared date range; mounted by the /menu shell. */
export function PageChromeProvider({ children }: { children: ReactNode }) {
  const [shapeKey, setShapeKey] = useState(() => JSON.stringify(EMPTY_SHAPE));
  const handlers = useRef<ScreenChrome>({});
  const customIcons = useRef(new Map<string, ReactNode>());
  const [dateRange, setDateRange] = useState<DateRange>(() => defaultDateRange());

  const register = useCallback((chrome: ScreenChrome) => {
    handlers.current = chrome;
    customIcons.current = new Map((chrome.custom ?? []).map((a) => [a.id, a.icon]));
    setShapeKey(JSON.stringify(shapeOf(chrome)));
  }, []);

  const value = useMemo<PageChromeValue>(
    () => ({ shape: JSON.parse(shapeKey) as ChromeShape, handlers, customIcons, register, dateRange, setDateRange }),
    [shapeKey, register, dateRange],
  );
  return <PageChromeContext.Provider value={value}>{children}</PageChromeContext.Provider>;
}

