import { DatesProvider } from '@mantine/dates';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PageChromeProvider, defaultDateRange } from '@/components/page-chrome';
import { renderWithProviders, setupI18n } from '@/test/utils';
import { DateRangeFilter } from './date-range-filter';

describe('DateRangeFilter', () => {
  beforeAll(async () => {
    await setupI18n('shell');
  });

  it('shows the period as dd/mm/aaaa, as every other date of the app', () => {
    renderWithProviders(
      <DatesProvider settings={{ locale: 'es' }}>
        <PageChromeProvider>
          <DateRangeFilter />
        </PageChromeProvider>
      </DatesProvider>,
    );
    const { start, end } = defaultDateRange();
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    expect(screen.getByRole('button', { name: 'Periodo' }).textContent).toContain(`${dmy(start)} – ${dmy(end)}`);
  });
});
