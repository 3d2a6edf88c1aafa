import { Drawer, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ListError } from '@/components/states/list-states';
import { useTemplate } from '../api/templates';
import type { Encuesta } from '../api/types';
import { TemplateForm } from './template-form';

/** 'Nueva encuesta' and a template's form, in a drawer. */
export function TemplateDrawer({
  target,
  onClose,
  onSaved,
}: {
  target: 'nueva' | number | null;
  onClose: () => void;
  onSaved: (template: Encuesta, created: boolean) => void;
}) {
  const { t } = useTranslation(['surveys', 'common']);
  const narrow = useMediaQuery('(max-width: 48em)');
  const template = useTemplate(typeof target === 'number' ? target : null);
  const title = target === 'nueva' ? t('surveys:templates.new_title') : (template.data?.nombre ?? t('surveys:templates.edit_title'));
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {target === 'nueva' && <TemplateForm template={null} onSaved={onSaved} onCancel={onClose} />}
      {typeof target === 'number' && (
        <>
          {template.isLoading && (
            <Stack gap="sm" aria-busy>
              <Skeleton height={36} />
              <Skeleton height={240} />
            </Stack>
          )}
          {template.error !== undefined && !template.data && (
            <ListError title={t('surveys:templates.load_error')} error={template.error} onRetry={() => void template.mutate()} />
          )}
          {template.data && (
            <TemplateForm
              key={`${target}|${template.data.respuestas}`}
              template={template.data}
              onSaved={(saved, created) => {
                void template.mutate(saved, { revalidate: false });
                onSaved(saved, created);
              }}
              onCancel={onClose}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
