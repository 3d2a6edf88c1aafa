import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateRange } from '@/components/page-chrome';
import { useCalendarAriaLabels } from '@/lib/i18n/calendar-labels';

type RangeValue = [string | null, string | null];

/** The shell's optional date filter (shown dd/mm/aaaa, kept as yyyy-mm-dd); applies once both ends are chosen. */
export function DateRangeFilter({ compact }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const calendarLabels = useCalendarAriaLabels();
  const [range, setRange] = useDateRange();
  const [draft, setDraft] = useState<RangeValue | null>(null);
  const value: RangeValue = draft ?? [range.start, range.end];
  return (
    <DatePickerInput
      type="range"
      label={t('date_filter.label')}
      leftSection={<IconCalendar size={16} aria-hidden />}
      valueFormat="DD/MM/YYYY"
      value={value}
      onChange={(next) => {
        const [start, end] = next as RangeValue;
        if (start && end) {
          setDraft(null);
          setRange({ start, end });
        } else {
          setDraft([start, end]);
        }
      }}
      onDropdownClose={() => setDraft(null)}
      size="sm"
      miw={compact ? 0 : 240}
      w={compact ? '100%' : undefined}
      allowSingleDateInRange={false}
      popoverProps={{ withinPortal: true }}
      ariaLabels={calendarLabels}
    />
  );
}
