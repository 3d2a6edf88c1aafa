import { addMonths, format, subMonths } from 'date-fns';

/** The shell's date filter value, as yyyy-mm-dd strings. */
export interface DateRange {
  start: string;
  end: string;
}

export const DATE_FORMAT = 'yyyy-MM-dd';

/** Spec §2/§9: three months back to one month ahead. */
export function defaultDateRange(today: Date = new Date()): DateRange {
  return {
    start: format(subMonths(today, 3), DATE_FORMAT),
    end: format(addMonths(today, 1), DATE_FORMAT),
  };
}
