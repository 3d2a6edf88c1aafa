import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { defaultDateRange, type DateRange } from './date-range';
import {
  DateRangeContext,
  EMPTY_SHAPE,
  PageChromeRegisterContext,
  PageChromeShapeContext,
  shapeOf,
  type ChromeShape,
  type PageChromeShapeValue,
  type ScreenChrome,
} from './page-chrome-context';

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

  const shape = useMemo<PageChromeShapeValue>(
    () => ({ shape: JSON.parse(shapeKey) as ChromeShape, handlers, customIcons }),
    [shapeKey],
  );
  const range = useMemo(() => [dateRange, setDateRange] as const, [dateRange]);
  return (
    <PageChromeRegisterContext.Provider value={register}>
      <PageChromeShapeContext.Provider value={shape}>
        <DateRangeContext.Provider value={range}>{children}</DateRangeContext.Provider>
      </PageChromeShapeContext.Provider>
    </PageChromeRegisterContext.Provider>
  );
}
