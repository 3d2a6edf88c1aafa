import type { DatesSetArg, DayCellMountArg, EventClickArg, EventInput } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import ptLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMemo } from 'react';
import type { EventoCalendario, Modalidad } from '../api/types';
import { MODALITY_COLORS } from './course-rules';

export interface CourseCalendarProps {
  events: EventoCalendario[];
  language: string;
  /** Narrow screens start on the list view (the accessible fallback). */
  compact: boolean;
  onRange: (desde: string, hasta: string) => void;
  onOpen: (event: EventoCalendario) => void;
}

function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The calendar itself (FullCalendar, loaded with the calendar route only). */
export default function CourseCalendar({ events, language, compact, onRange, onOpen }: CourseCalendarProps) {
  // Sessions are placed by their company-local date and time (no offset): every viewer sees
  // the company's schedule, whatever their own time zone.
  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((e) => ({
        id: String(e.id_sesion),
        title: e.titulo || e.nombre_tema,
        start: `${e.fecha}T${e.hora_inicio.slice(0, 5)}`,
        end: `${e.fecha}T${e.hora_fin.slice(0, 5)}`,
        backgroundColor: MODALITY_COLORS[e.modalidad as Modalidad] ?? '#495057',
        borderColor: MODALITY_COLORS[e.modalidad as Modalidad] ?? '#495057',
        textColor: '#ffffff',
        classNames: e.estatus === 'cancelado' ? ['aula-cancelled'] : [],
        extendedProps: { evento: e },
      })),
    [events],
  );
  const locale = language === 'es' ? esLocale : language === 'pt' ? ptLocale : undefined;
  return (
    <FullCalendar
      plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
      initialView={compact ? 'listWeek' : 'dayGridMonth'}
      headerToolbar={
        compact
          ? { left: 'prev,next', center: 'title', right: 'listWeek,timeGridDay' }
          : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }
      }
      locale={locale ?? 'en'}
      firstDay={1}
      height="auto"
      nowIndicator
      eventInteractive
      dayMaxEvents={3}
      // Text buttons: the library's icon spans carry role="img" without a name.
      buttonIcons={false}
      dayCellDidMount={(arg: DayCellMountArg) => {
        // The cell's name would be its day number only, while it also shows the events.
        arg.el.removeAttribute('aria-labelledby');
        // Days of the neighbouring months: the library fades them to 30 % (2:1 contrast).
        if (arg.isOther) {
          const top = arg.el.querySelector<HTMLElement>('.fc-daygrid-day-top');
          if (top) {
            top.style.opacity = '1';
            top.style.color = 'var(--mantine-color-gray-7)';
          }
        }
      }}
      events={inputs}
      datesSet={(arg: DatesSetArg) => {
        // `end` is exclusive: the last visible day is the day before.
        const last = new Date(arg.end.getTime() - 86_400_000);
        onRange(isoDay(arg.start), isoDay(last));
      }}
      eventClick={(arg: EventClickArg) => {
        arg.jsEvent.preventDefault();
        onOpen(arg.event.extendedProps.evento as EventoCalendario);
      }}
    />
  );
}
