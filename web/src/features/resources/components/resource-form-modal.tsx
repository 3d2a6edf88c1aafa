import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/client';
import { useResource } from '../api/get-resource';
import type { Institution, Instructor, ResourceRecords, ResourceType, Room, Venue } from '../api/resource-types';
import { InstitutionForm } from './institution-form';
import { InstructorForm } from './instructor-form';
import { RoomForm } from './room-form';
import { VenueForm } from './venue-form';

interface ResourceFormModalProps {
  tipo: ResourceType;
  /** The resource to edit; null to create one. */
  id: number | null;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit one training resource; an edit loads the stored record first. */
export function ResourceFormModal({ tipo, id, opened, onClose, onSaved }: ResourceFormModalProps) {
  const { t } = useTranslation('resources');
  const wide = tipo === 'instructores' || tipo === 'sedes';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(id === null ? `${tipo}.new_title` : `${tipo}.edit_title`)}
      size={wide ? 'lg' : 'md'}
    >
      {opened &&
        (id === null ? (
          <ResourceForm tipo={tipo} id={null} record={null} onClose={onClose} onSaved={onSaved} />
        ) : (
          <StoredResourceForm key={`${tipo}-${id}`} tipo={tipo} id={id} onClose={onClose} onSaved={onSaved} />
        ))}
    </Modal>
  );
}

function StoredResourceForm({ tipo, id, onClose, onSaved }: { tipo: ResourceType; id: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['resources', 'common']);
  const { data, error, isLoading, mutate } = useResource(tipo, id);
  if (error && !data) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('resources:load_error')}>
        <Stack gap="xs">
          <Text size="sm">{errorMessage(error)}</Text>
          <Group justify="flex-end">
            <Button size="xs" variant="white" color="red" onClick={() => void mutate()}>
              {t('common:actions.retry')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (isLoading || !data) {
    return (
      <Stack gap="md" role="status" aria-label={t('common:loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  return <ResourceForm tipo={tipo} id={id} record={data} onClose={onClose} onSaved={onSaved} />;
}

interface ResourceFormProps {
  tipo: ResourceType;
  id: number | null;
  record: ResourceRecords[ResourceType] | null;
  onClose: () => void;
  onSaved: () => void;
}

function ResourceForm({ tipo, id, record, onClose, onSaved }: ResourceFormProps) {
  const common = { id, onClose, onSaved };
  switch (tipo) {
    case 'instituciones':
      return <InstitutionForm {...common} record={record as Institution | null} />;
    case 'instructores':
      return <InstructorForm {...common} record={record as Instructor | null} />;
    case 'sedes':
      return <VenueForm {...common} record={record as Venue | null} />;
    case 'salas':
      return <RoomForm {...common} record={record as Room | null} />;
  }
}
