import { Avatar, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconTemperature } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasSection } from '@/lib/auth/session';
import type { User } from '@/lib/auth/types';
import type { Cia } from '@/lib/company/types';
import { isOn } from '@/lib/flags';
import { useFormat } from '@/lib/i18n/use-format';
import { useWeather } from '../api/dashboard-weather';
import { capitalize, partOfDay } from './greeting';
import { NewsSlider } from './news-slider';

/** 'Ver Slider Noticias': who sees the header's news slider (spec §2). */
export const NEWS_SLIDER_SECTION = 'dashboard.slider_noticias';

function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * The weather of one's plant's city (spec §3): '26 °C · Monterrey'. Nothing while it loads,
 * and nothing when the server knows no city (it answers 0 degrees and '' on any failure).
 */
export function Weather({ cveEmpleado }: { cveEmpleado: number }) {
  const { formatNumber } = useFormat();
  const { data } = useWeather(cveEmpleado);
  const city = data?.nomciudad.trim() ?? '';
  if (!data || !city) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="weather">
      <IconTemperature size={16} aria-hidden />
      <Text size="sm">
        {formatNumber(data.temperature)} °C · {city}
      </Text>
    </Group>
  );
}

/**
 * Dashboard header: photo, greeting with the user's name, today's date in their language, the
 * weather and, with 'Ver Slider Noticias' and the company's news on, the news slider.
 */
export function DashboardHeader({ user, cia }: { user: User; cia?: Cia }) {
  const { t } = useTranslation('dashboard');
  const { formatDate } = useFormat();
  const now = useNow();
  const firstName = user.nombre_empleado?.split(/\s+/)[0] ?? '';
  const showLogo = isOn(cia?.dashboard_show_header_logo) && !!cia?.dashboard_header_logo;
  // The company's news switch, when the configuration at hand says it (its public view, read
  // before login, does not: then the server decides, answering no news while it is off).
  const newsSwitch = cia?.noticias ?? null;
  const showNews = hasSection(user, NEWS_SLIDER_SECTION) && (newsSwitch === null || isOn(newsSwitch));
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Group justify="space-between" gap="lg" wrap="wrap">
        <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar
            src={user.foto_empleado || null}
            name={user.nombre_empleado}
            color="initials"
            size={84}
            radius={84}
            alt={t('photo_alt', { name: user.nombre_empleado })}
          />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {t(`greeting.${partOfDay(now)}`, { name: firstName || user.nombre_empleado })}
            </Title>
            <Text c="dimmed" size="sm" lineClamp={1}>
              {user.nombre_empleado}
              {user.puesto ? ` · ${user.puesto}` : ''}
            </Text>
            <Group gap={6} wrap="nowrap">
              <IconCalendarEvent size={16} aria-hidden />
              <Text size="sm" component="time" dateTime={formatDate(now, 'yyyy-MM-dd')}>
                {capitalize(formatDate(now, 'PPPP'))}
              </Text>
            </Group>
            <Weather cveEmpleado={user.cve_empleado} />
          </Stack>
        </Group>
        {showNews && <NewsSlider reserve={newsSwitch !== null} />}
        {showLogo && <Image src={cia?.dashboard_header_logo} alt={cia?.nomcia ?? ''} h={56} w="auto" fit="contain" />}
      </Group>
    </Paper>
  );
}
