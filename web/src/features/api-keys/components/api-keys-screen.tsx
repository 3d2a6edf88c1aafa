import { Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconApi, IconKeyOff } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableHandle } from '@/components/data-table';
import { showSaved } from '@/components/feedback';
import { useScreenChrome } from '@/components/page-chrome';
import { formatDateIn, useFormat } from '@/lib/i18n/use-format';
import { API_KEYS_TABLE_URL, type ApiKeyRow } from '../api/api-keys-table';
import type { CreatedApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/list-api-keys';
import { NewApiKeyModal } from './new-api-key-modal';
import { RevokeDialog } from './revoke-dialog';
import { isActive } from './rules';
import { TokenDialog } from './token-dialog';

/** Active / revoked badge of a key. */
function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('api-keys');
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? t('status.active') : t('status.revoked')}
    </Badge>
  );
}

/**
 * /menu/apis: the API keys other systems use to register employees. Each key lists the
 * profiles it may create; a new key's token is shown once; revoking asks first.
 */
export function ApiKeysScreen() {
  const { t } = useTranslation(['api-keys', 'common']);
  const { language } = useFormat();
  const table = useRef<DataTableHandle>(null);
  // The table engine has no profiles column: they come from the keys list, by id.
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; nombre: string } | null>(null);

  const refresh = () => {
    table.current?.refresh();
    void keys.mutate();
  };

  useScreenChrome({
    onUpdate: refresh,
    onNew: () => setCreating(true),
    newLabel: t('api-keys:new_key'),
    onExportExcel: () => table.current?.exportTo('xlsx'),
    onPrint: () => table.current?.print(),
  });

  const profilesById = useMemo(() => new Map((keys.data ?? []).map((k) => [k.id, k.perfiles])), [keys.data]);

  const columns = useMemo<DataTableColumn<ApiKeyRow>[]>(() => {
    const date = (value: string | null) => (value ? formatDateIn(language, value, 'P') || value : '');
    // When a key was last used matters to the hour (is that system still calling?).
    const dateTime = (value: string | null) => (value ? formatDateIn(language, value, 'Pp') || value : '');
    const profiles = (row: ApiKeyRow) => profilesById.get(row.id);
    const status = (row: ApiKeyRow) => (isActive(row.estatus) ? t('api-keys:status.active') : t('api-keys:status.revoked'));
    return [
      { field: 'nombre', header: t('api-keys:fields.nombre') },
      { field: 'prefijo', header: t('api-keys:fields.prefijo'), cell: (row) => <Text span ff="monospace" size="sm">{row.prefijo}</Text> },
      {
        field: 'perfiles',
        header: t('api-keys:fields.perfiles'),
        cell: (row) => {
          const list = profiles(row);
          if (!list) return <Skeleton height={12} width={80} radius="sm" />;
          return (
            <Group gap={4}>
              {list.map((p) => (
                <Badge key={p} variant="light" color="blue" tt="none">
                  {p}
                </Badge>
              ))}
            </Group>
          );
        },
        printValue: (row) => (profiles(row) ?? []).join(', '),
      },
      { field: 'creado', header: t('api-keys:fields.creado'), cell: (row) => date(row.creado), printValue: (row) => date(row.creado) },
      { field: 'creado_por', header: t('api-keys:fields.creado_por') },
      {
        field: 'ultimo_uso',
        header: t('api-keys:fields.ultimo_uso'),
        cell: (row) => dateTime(row.ultimo_uso) || t('api-keys:never_used'),
        printValue: (row) => dateTime(row.ultimo_uso) || t('api-keys:never_used'),
      },
      { field: 'estatus', header: t('api-keys:fields.estatus'), cell: (row) => <StatusBadge active={isActive(row.estatus)} />, printValue: status, width: 110 },
    ];
  }, [t, language, profilesById]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} shadow="xs">
      <Stack gap="md">
        {/* The shell's breadcrumb carries the screen title (h1). */}
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconApi size={20} aria-hidden />
          </ThemeIcon>
          <Text size="sm">{t('api-keys:intro')}</Text>
        </Group>
        <DataTable<ApiKeyRow>
          ref={table}
          url={API_KEYS_TABLE_URL}
          title={t('api-keys:table_title')}
          columns={columns}
          rowKey={(row) => row.id}
          defaultSort={{ field: 'creado', direction: 'desc' }}
          rowActions={(row) =>
            isActive(row.estatus) ? (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconKeyOff size={16} aria-hidden />}
                aria-label={t('api-keys:revoke.action_named', { name: row.nombre })}
                onClick={() => setRevoking({ id: row.id, nombre: row.nombre })}
              >
                {t('api-keys:revoke.action')}
              </Button>
            ) : null
          }
          emptyMessage={t('api-keys:empty')}
        />
      </Stack>
      <NewApiKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
          refresh();
        }}
      />
      <TokenDialog created={created} onClose={() => setCreated(null)} />
      <RevokeDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          showSaved(undefined, t('api-keys:revoke.done'));
          refresh();
        }}
      />
    </Paper>
  );
}
