export { PageChromeProvider } from './page-chrome';
export {
  useScreenChrome,
  usePageChromeShape,
  useDateRange,
  type ScreenChrome,
  type ScreenAction,
  type ChromeShape,
} from './page-chrome-context';
export { defaultDateRange, DATE_FORMAT, type DateRange } from './date-range';
