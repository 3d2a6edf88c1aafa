import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tooltip.css';
import { IconBuildingSkyscraper, IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/states/empty-state';
import { useFormat } from '@/lib/i18n/use-format';
import { useCompanies, type Company } from '../api/companies';
import { CompanyFormModal } from './company-form-modal';
import { ListSkeleton, LoadError } from './load-states';
import { companySigners } from './signers';
import { SignersBadges } from './signers-badges';

function dash(value: string | null | undefined) {
  return value ? value : <Text span c="dimmed">—</Text>;
}

/** Companies (N4) with their DC-3 data: razón social, RFC, registro patronal, workers and signers. */
export function CompaniesPanel() {
  const { t } = useTranslation(['stps', 'common']);
  const { formatNumber } = useFormat();
  const companies = useCompanies();
  const [editing, setEditing] = useState<Company | null>(null);
  const title = t('stps:tabs.empresas');

  if (companies.error && !companies.data) return <LoadError name={title} error={companies.error} onRetry={() => void companies.mutate()} />;
  if (!companies.data) return <ListSkeleton />;
  if (companies.data.length === 0)
    return (
      <EmptyState
        icon={<IconBuildingSkyscraper size={26} aria-hidden />}
        title={t('stps:empty.empresas')}
        description={t('stps:empty.empresas_hint')}
      />
    );

  return (
    <>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stps:fields.empresa')}</Table.Th>
              <Table.Th>{t('stps:fields.razon_social')}</Table.Th>
              <Table.Th>{t('stps:fields.rfc')}</Table.Th>
              <Table.Th>{t('stps:fields.registro_patronal')}</Table.Th>
              <Table.Th ta="right">{t('stps:fields.num_trabajadores')}</Table.Th>
              <Table.Th>{t('stps:fields.firmantes')}</Table.Th>
              <Table.Th w={60}>{t('common:table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {companies.data.map((c) => (
              <Table.Tr key={c.cve_n4}>
                <Table.Td fw={500}>{c.nombre}</Table.Td>
                <Table.Td>{dash(c.razon_social)}</Table.Td>
                <Table.Td>{dash(c.rfc)}</Table.Td>
                <Table.Td>{dash(c.registro_patronal)}</Table.Td>
                <Table.Td ta="right">{c.num_trabajadores === null || c.num_trabajadores === undefined ? dash(null) : formatNumber(c.num_trabajadores)}</Table.Td>
                <Table.Td>
                  <SignersBadges signers={companySigners(c)} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('stps:edit')} withinPortal>
                    <ActionIcon variant="subtle" color="gray" aria-label={t('stps:edit_row', { name: c.nombre })} onClick={() => setEditing(c)}>
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CompanyFormModal company={editing} onClose={() => setEditing(null)} onSaved={() => void companies.mutate()} />
    </>
  );
}
