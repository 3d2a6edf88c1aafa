import { Alert, Paper, Stack } from '@mantine/core';
import { IconEye, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { useScreenChrome } from '@/components/page-chrome';
import { EmptyState } from '@/components/states/empty-state';
import { EmployeePicker } from '../employee-picker';
import { PlanView } from './plan-view';

/** /menu/analista_simulado: an employee's plan as they see it, read-only (`?cve_empleado=`). */
export function AnalystViewScreen() {
  const { t } = useTranslation('plans');
  const [params, setParams] = useSearchParams();
  const cve = Number(params.get('cve_empleado')) || null;
  const [name, setName] = useState(params.get('nombre') ?? '');
  const { mutate } = useSWRConfig();
  useScreenChrome({
    onUpdate: () => void mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('plans.')),
  });
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <EmployeePicker
          value={cve}
          label={name}
          onChange={(v, label) => {
            setName(label);
            setParams(() => {
              const p = new URLSearchParams();
              if (v) {
                p.set('cve_empleado', String(v));
                p.set('nombre', label);
              }
              return p;
            });
          }}
        />
      </Paper>
      {!cve && <EmptyState icon={<IconUserSearch size={26} aria-hidden />} title={t('plans:analyst.pick_title')} description={t('plans:analyst.pick_text')} />}
      {cve && (
        <>
          <Alert color="blue" variant="light" icon={<IconEye size={18} aria-hidden />} role="status">
            {t('plans:analyst.banner', { name: name || `#${cve}` })}
          </Alert>
          <PlanView key={cve} cveEmpleado={cve} />
        </>
      )}
    </Stack>
  );
}
