import { Alert, Button, Group, Modal, Radio, Stack, Stepper } from '@mantine/core';
import '@mantine/core/styles/Stepper.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkTemplate, BulkUpload } from './bulk-load';
import { IndividualLoad } from './individual-load';
import { lastStep, type LoadType } from './wizard-rules';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Certifications were stored: the table reloads. */
  onLoaded: () => void;
}

/**
 * 'Cargar certificaciones' (spec §4): step 1 the type — Masivo (template, then the file) or
 * Empleados (one worker's certification); later steps open only with 'Siguiente'.
 */
export function LoadWizard({ opened, onClose, onLoaded }: Props) {
  const { t } = useTranslation(['external-certifications', 'common']);
  // Below `sm` the stepper stands and the dialog takes the whole screen.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [active, setActive] = useState(0);
  const [tipo, setTipo] = useState<LoadType | null>(null);
  const [busy, setBusy] = useState(false);
  // A fresh wizard each time it opens: nothing of a previous load is kept.
  const [round, setRound] = useState(0);
  const last = lastStep(tipo);

  const close = () => {
    if (busy) return;
    onClose();
    setActive(0);
    setTipo(null);
    setRound((r) => r + 1);
  };

  return (
    <Modal.Stack>
      <Modal
        stackId="wizard"
        opened={opened}
        onClose={close}
        title={t('external-certifications:wizard.title')}
        size="xl"
        fullScreen={narrow}
        closeOnEscape={!busy}
        withCloseButton={!busy}
        closeOnClickOutside={false}
      >
        <Stack gap="md" key={round}>
          <Stepper
            active={active}
            onStepClick={(step) => {
              if (step < active && !busy) setActive(step);
            }}
            allowNextStepsSelect={false}
            size="sm"
            orientation={narrow ? 'vertical' : 'horizontal'}
          >
            <Stepper.Step label={t('external-certifications:wizard.steps.tipo')} description={t('external-certifications:wizard.steps.tipo_hint')}>
              <Radio.Group label={t('external-certifications:wizard.type')} value={tipo ?? ''} onChange={(v) => setTipo(v as LoadType)} required>
                <Stack gap="xs" mt="xs">
                  <Radio value="masivo" label={t('external-certifications:wizard.masivo')} description={t('external-certifications:wizard.masivo_hint')} />
                  <Radio value="empleados" label={t('external-certifications:wizard.empleados')} description={t('external-certifications:wizard.empleados_hint')} />
                </Stack>
              </Radio.Group>
            </Stepper.Step>
            {tipo === 'empleados' ? (
              <Stepper.Step label={t('external-certifications:wizard.steps.empleado')} description={t('external-certifications:wizard.steps.empleado_hint')}>
                {active === 1 && <IndividualLoad onLoaded={onLoaded} onClose={close} />}
              </Stepper.Step>
            ) : (
              <Stepper.Step label={t('external-certifications:wizard.steps.plantilla')} description={t('external-certifications:wizard.steps.plantilla_hint')}>
                {active === 1 && <BulkTemplate />}
              </Stepper.Step>
            )}
            {tipo !== 'empleados' && (
              <Stepper.Step label={t('external-certifications:wizard.steps.archivo')} description={t('external-certifications:wizard.steps.archivo_hint')}>
                {active === 2 && <BulkUpload onLoaded={onLoaded} onClose={close} onBusyChange={setBusy} />}
              </Stepper.Step>
            )}
          </Stepper>
          {active === 0 && !tipo && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
              {t('external-certifications:wizard.no_type')}
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              disabled={busy}
              onClick={() => (active === 0 ? close() : setActive((s) => s - 1))}
            >
              {active === 0 ? t('common:actions.cancel') : t('common:actions.back')}
            </Button>
            {active < last && (
              <Button rightSection={<IconArrowRight size={16} aria-hidden />} disabled={!tipo} onClick={() => setActive((s) => Math.min(s + 1, last))}>
                {t('external-certifications:wizard.next')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Modal.Stack>
  );
}
