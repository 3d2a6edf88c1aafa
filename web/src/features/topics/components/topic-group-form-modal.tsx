import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, MultiSelect, Skeleton, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showSaved } from '@/components/feedback';
import { FailureAlert, FormButtons, applyServerError } from '@/components/forms';
import { ListError } from '@/components/states/list-states';
import { isOn } from '@/lib/flags';
import { postTopicGroup } from '../api/create-topic-group';
import { useTopicGroup, type TopicGroupDetail } from '../api/get-topic-group';
import { topicLabel, useTopicOptions } from '@/lib/api/shared/topic-options';
import type { TopicGroupRow } from '../api/topic-groups-table';
import { putTopicGroup } from '../api/update-topic-group';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX as NAME_MAX } from './rules';
import { groupSchema } from './topic-group-schema';

type GroupValues = z.infer<ReturnType<typeof groupSchema>>;

export interface TopicGroupFormModalProps {
  opened: boolean;
  /** The group to edit; null to create one. */
  group: TopicGroupRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 'Nuevo grupo de temas' and its edit: name, description and the topics it gathers. */
export function TopicGroupFormModal({ opened, group, onClose, onSaved }: TopicGroupFormModalProps) {
  const { t } = useTranslation('topics');
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={group ? t('groups.edit_title') : t('groups.new_title')}>
      {opened && (group ? <EditGroup group={group} onClose={onClose} onSaved={onSaved} /> : <GroupForm detail={null} onClose={onClose} onSaved={onSaved} />)}
    </Modal>
  );
}

function EditGroup({ group, onClose, onSaved }: { group: TopicGroupRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('topics');
  const { data, error, mutate } = useTopicGroup(group.id_grupo);
  if (error !== undefined && !data) return <ListError title={t('groups.load_error')} error={error} onRetry={() => void mutate()} />;
  if (!data)
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton height={36} />
        <Skeleton height={72} />
        <Skeleton height={36} />
      </Stack>
    );
  return <GroupForm key={group.id_grupo} detail={{ ...data, id_grupo: group.id_grupo }} onClose={onClose} onSaved={onSaved} />;
}

function GroupForm({ detail, onClose, onSaved }: { detail: TopicGroupDetail | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['topics', 'common']);
  const schema = useMemo(() => groupSchema((k, o) => t(k, o)), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GroupValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      nombre: detail?.nombre ?? '',
      descripcion: detail?.descripcion ?? '',
      temas: (detail?.temas ?? []).map((x) => String(typeof x === 'number' ? x : x.cve_tema)),
      activo: detail ? isOn(detail.activo) : true,
    },
    mode: 'onTouched',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const topics = useTopicOptions();
  const options = useMemo(() => {
    const list = (topics.data ?? []).map((o) => ({ value: String(o.cve_tema), label: topicLabel(o) }));
    const known = new Set(list.map((o) => o.value));
    for (const x of detail?.temas ?? []) {
      const value = String(typeof x === 'number' ? x : x.cve_tema);
      if (!known.has(value)) list.push({ value, label: t('topics:form.topic_key', { cve: value }) });
    }
    return list;
  }, [topics.data, detail, t]);

  const submit = async (values: GroupValues) => {
    setFailure(null);
    const body = { nombre: values.nombre.trim(), descripcion: values.descripcion.trim(), temas: values.temas.map(Number) };
    try {
      const answer = detail ? await putTopicGroup(detail.id_grupo, { ...body, activo: values.activo ? 1 : 0 }) : await postTopicGroup(body);
      showSaved(answer?.resp);
      onSaved();
      onClose();
    } catch (error) {
      setFailure(applyServerError(error, setError, ['nombre', 'descripcion', 'temas', 'activo'], { conflictField: 'nombre' }));
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <Stack gap="md">
        <FailureAlert message={failure} />
        <TextInput label={t('topics:groups.fields.nombre')} maxLength={NAME_MAX} withAsterisk error={errors.nombre?.message} {...register('nombre')} />
        <Textarea
          label={t('topics:groups.fields.descripcion')}
          maxLength={GROUP_DESCRIPTION_MAX}
          rows={2}
          resize="vertical"
          error={errors.descripcion?.message}
          {...register('descripcion')}
        />
        <Controller
          control={control}
          name="temas"
          render={({ field }) => (
            <MultiSelect
              ref={field.ref}
              label={t('topics:groups.fields.temas')}
              placeholder={topics.isLoading ? t('common:loading') : t('topics:form.pick_topics')}
              data={options}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              hidePickedOptions
              withAsterisk
              nothingFoundMessage={t('topics:form.no_results')}
              error={errors.temas?.message}
            />
          )}
        />
        {detail && (
          <Controller
            control={control}
            name="activo"
            render={({ field }) => (
              <Switch label={t('topics:groups.fields.activo')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )}
          />
        )}
        <FormButtons onCancel={onClose} busy={isSubmitting} />
      </Stack>
    </form>
  );
}
