import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSaved } from '@/components/feedback';
import { FailureAlert, isSessionEnd } from '@/components/forms';
import { errorMessage } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { topicLabel, useTopicOptions } from '@/lib/api/shared/topic-options';
import { useFormat } from '@/lib/i18n/use-format';
import { postManualAccreditation, useValidityPreview } from '../../api/kardex';
import { neverExpires } from '../my-plan/validity';
import { MOTIVO_MAX } from '../requirements/toggle-modal';

interface Props {
  opened: boolean;
  cveEmpleado: number;
  name: string;
  onClose: () => void;
  onDone: () => void;
}

type Field = 'cve_tema' | 'fecha' | 'calificacion' | 'motivo';

/** Which input a ledger error code belongs to. */
const CODE_FIELDS: Record<string, Field> = {
  'plan.tema_no_encontrado': 'cve_tema',
  'plan.tema_inactivo': 'cve_tema',
  'plan.fecha_futura': 'fecha',
  'plan.calificacion_fuera_de_escala': 'calificacion',
  'plan.calificacion_no_aplica': 'calificacion',
  'plan.motivo_requerido': 'motivo',
};

/**
 * 'Registrar acreditación': topic, date (not after today), grade and the required reason; the
 * validity is shown read-only, as the server computes it (spec §5).
 */
export function ManualAccreditationModal({ opened, cveEmpleado, name, onClose, onDone }: Props) {
  const { t } = useTranslation(['plans', 'common']);
  const { formatDate } = useFormat();
  const topics = useTopicOptions(opened);
  const today = format(new Date(), 'yyyy-MM-dd');
  const [tema, setTema] = useState<string | null>(null);
  const [fecha, setFecha] = useState(today);
  const [calificacion, setCalificacion] = useState<number | ''>('');
  const [motivo, setMotivo] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useValidityPreview(tema ? Number(tema) : null, fecha);
  const vigencia = preview.data?.vigencia;

  const submit = async () => {
    const local: Partial<Record<Field, string>> = {};
    if (!tema) local.cve_tema = t('plans:kardex.validation.tema');
    if (!fecha) local.fecha = t('plans:kardex.validation.fecha');
    else if (fecha > today) local.fecha = t('plans:kardex.validation.fecha_futura');
    if (!motivo.trim()) local.motivo = t('plans:kardex.validation.motivo');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await postManualAccreditation(cveEmpleado, {
        cve_tema: Number(tema),
        fecha,
        ...(calificacion === '' ? {} : { calificacion: Number(calificacion) }),
        motivo: motivo.trim(),
      });
      showSaved(undefined, t('plans:kardex.done', { estado: t(`plans:states.${answer?.estado ?? 'Acreditado'}`, { defaultValue: answer?.estado ?? '' }) }));
      setTema(null);
      setCalificacion('');
      setMotivo('');
      onDone();
    } catch (error) {
      if (isSessionEnd(error)) return;
      const field = error instanceof ApiError && error.code ? CODE_FIELDS[error.code] : undefined;
      if (field) setErrors({ [field]: errorMessage(error) });
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('plans:kardex.register_for', { name })} centered size="lg">
      <Stack gap="sm">
        <Select
          label={t('plans:fields.tema')}
          placeholder={topics.isLoading ? t('common:loading') : t('plans:wizard.topics_hint')}
          data={(topics.data ?? []).map((x) => ({ value: String(x.cve_tema), label: topicLabel(x) }))}
          value={tema}
          onChange={setTema}
          searchable
          required
          nothingFoundMessage={t('plans:no_results')}
          error={errors.cve_tema}
        />
        <Group grow align="flex-start">
          <TextInput type="date" label={t('plans:kardex.fecha')} value={fecha} max={today} onChange={(e) => setFecha(e.currentTarget.value)} required error={errors.fecha} />
          <NumberInput label={t('plans:fields.calificacion')} value={calificacion} onChange={(v) => setCalificacion(v === '' ? '' : Number(v))} decimalScale={2} error={errors.calificacion} />
        </Group>
        <TextInput
          label={t('plans:fields.vigencia')}
          value={vigencia ? (neverExpires(vigencia) ? t('plans:topic.no_expiry') : formatDate(vigencia, 'P') || vigencia) : ''}
          placeholder={preview.isLoading ? t('common:loading') : '—'}
          readOnly
          description={t('plans:kardex.vigencia_hint')}
        />
        <Textarea label={t('plans:kardex.motivo')} value={motivo} maxLength={MOTIVO_MAX} rows={3} required onChange={(e) => setMotivo(e.currentTarget.value)} error={errors.motivo} />
        <FailureAlert message={failure} />
        <Text size="xs" c="dimmed">
          {t('plans:kardex.manual_note')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            {t('plans:kardex.register')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
