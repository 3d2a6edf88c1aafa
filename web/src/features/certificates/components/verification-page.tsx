import { Alert, Badge, Box, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClockExclamation, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageMenu } from '@/components/language-menu/language-menu';
import { errorMessage } from '@/lib/api/client';
import { isApiError } from '@/lib/api/errors';
import { useFormat } from '@/lib/i18n/use-format';
import { useVerification, type Verificacion } from '../api/verify-certificate';
import { NO_EXPIRY, STATE_COLORS, looksLikeCode, tidyCode } from './verification-rules';

const STATE_ICONS: Record<string, ReactNode> = {
  vigente: <IconCircleCheck size={16} aria-hidden />,
  vencido: <IconClockExclamation size={16} aria-hidden />,
  revocado: <IconCircleX size={16} aria-hidden />,
};

/** Aula's mark, as the boot page and the favicon draw it. */
function ProductMark() {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs" wrap="nowrap">
      <svg aria-hidden="true" focusable="false" width="32" height="32" viewBox="0 0 64 64">
        <rect width="64" height="64" rx="14" fill="#1c5d99" />
        <path d="M14 44 32 16l18 28h-8l-10-16-10 16z" fill="#fff" />
        <rect x="24" y="46" width="16" height="4" rx="2" fill="#9fd3ff" />
      </svg>
      <Text fw={800} size="lg" c="#1c5d99">
        {t('common:app_name')}
      </Text>
    </Group>
  );
}

/**
 * /verificar and /verificar/:codigo: whoever holds a certificate (or scans its QR) checks
 * that it is genuine and still valid. Public: no session and no /menu shell.
 */
export function VerificationPage({ codigo }: { codigo: string }) {
  const { t } = useTranslation(['certificates', 'common']);
  const navigate = useNavigate();
  const [typed, setTyped] = useState(codigo);
  const [inputError, setInputError] = useState<string | null>(null);
  // Back and forward change the code in the address: the input follows it.
  const [shownFor, setShownFor] = useState(codigo);
  if (shownFor !== codigo) {
    setShownFor(codigo);
    setTyped(codigo);
    setInputError(null);
  }
  const verification = useVerification(codigo);
  const { data } = verification;
  const announcement = !codigo
    ? ''
    : data
      ? `${t(`certificates:kinds.${data.tipo}`, { defaultValue: data.tipo })}: ${t(`certificates:states.${data.estado}`, { defaultValue: data.estado })}`
      : verification.error
        ? ''
        : t('certificates:loading');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!typed.trim()) {
      setInputError(t('certificates:form.required'));
      return;
    }
    if (!looksLikeCode(typed)) {
      setInputError(t('certificates:form.format'));
      return;
    }
    setInputError(null);
    const next = tidyCode(typed);
    setTyped(next);
    if (next === codigo) void verification.mutate();
    else navigate(`/verificar/${encodeURIComponent(next)}`);
  };

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="sm" py="xs">
          <Group justify="space-between" wrap="nowrap">
            <ProductMark />
            <LanguageMenu compact />
          </Group>
        </Container>
      </Box>
      <Container size="sm" py="xl" px="md" component="main">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {t('certificates:title')}
            </Title>
            <Text c="dimmed" mt={4}>
              {t('certificates:intro')}
            </Text>
          </div>
          <Paper withBorder radius="lg" p="md" component="form" role="search" aria-label={t('certificates:form.label')} onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('certificates:form.code')}
                description={t('certificates:form.hint')}
                placeholder="XXXX-XXXX-XXXX"
                value={typed}
                onChange={(e) => {
                  setTyped(e.currentTarget.value);
                  if (inputError) setInputError(null);
                }}
                error={inputError}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                maxLength={40}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.05em' } }}
              />
              <Group justify="flex-end">
                <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} w={{ base: '100%', xs: 'auto' }}>
                  {t('certificates:form.submit')}
                </Button>
              </Group>
            </Stack>
          </Paper>
          {/* Present from the first render, so that assistive technology reads its changes. */}
          <VisuallyHidden role="status">{announcement}</VisuallyHidden>
          {codigo && <VerificationResult codigo={codigo} verification={verification} />}
        </Stack>
      </Container>
    </Box>
  );
}

/** The loading skeleton, the certificate's card, or why there is none. */
function VerificationResult({ codigo, verification }: { codigo: string; verification: ReturnType<typeof useVerification> }) {
  const { t } = useTranslation(['certificates', 'common', 'errors']);
  const { data, error, isLoading, mutate } = verification;
  if (data) return <CertificateCard certificate={data} />;
  if (isLoading || !error) {
    return (
      <Paper withBorder radius="lg" p="lg" aria-busy="true" data-testid="verification-skeleton">
        <Stack gap="sm">
          <Skeleton height={28} width="60%" radius="sm" />
          <Skeleton height={22} width={120} radius="xl" />
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={16} radius="sm" />
          ))}
        </Stack>
      </Paper>
    );
  }
  if (isApiError(error, 404)) {
    return (
      <Alert color="orange" variant="light" title={t('certificates:not_found_title')} icon={<IconAlertTriangle size={18} aria-hidden />}>
        <Text size="sm">{error.resp || t('errors:certificados.codigo_no_encontrado')}</Text>
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {t('certificates:not_found_code', { codigo })}
        </Text>
      </Alert>
    );
  }
  if (isApiError(error, 429)) {
    return (
      <Alert color="orange" variant="light" title={t('certificates:rate_limited_title')} icon={<IconClockExclamation size={18} aria-hidden />}>
        <Text size="sm">{error.resp || t('certificates:rate_limited_text')}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={t('certificates:error_title')} icon={<IconAlertTriangle size={18} aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="white" color="red" onClick={() => void mutate()}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** What the verification tells of one certificate. */
function CertificateCard({ certificate: c }: { certificate: Verificacion }) {
  const { t } = useTranslation(['certificates', 'common']);
  const { formatDate } = useFormat();
  const date = (value: string | null | undefined) => formatDate(value, 'PPP') || value || '—';
  const noExpiry = c.vigencia === NO_EXPIRY;
  const kind = t(`certificates:kinds.${c.tipo}`, { defaultValue: c.tipo });
  const status =
    c.estado === 'revocado'
      ? t('certificates:status_text.revocado', { fecha: date(c.fecha_revocacion) })
      : c.estado === 'vencido'
        ? t('certificates:status_text.vencido', { fecha: date(c.vigencia) })
        : c.estado === 'vigente'
          ? noExpiry
            ? t('certificates:status_text.vigente_sin_vencimiento')
            : t('certificates:status_text.vigente', { fecha: date(c.vigencia) })
          : '';
  const period =
    c.fecha_fin && c.fecha_fin !== c.fecha_inicio
      ? t('certificates:period', { inicio: date(c.fecha_inicio), fin: date(c.fecha_fin) })
      : date(c.fecha_inicio);
  const rows: [string, ReactNode][] = [
    [t('certificates:fields.titular'), c.titular],
    [c.tipo === 'bloque' ? t('certificates:fields.titulo_bloque') : t('certificates:fields.titulo_curso'), c.titulo],
    [t('certificates:fields.tipo'), kind],
    [t('certificates:fields.periodo'), period],
    [t('certificates:fields.vigencia'), noExpiry ? t('certificates:no_expiry') : date(c.vigencia)],
    [t('certificates:fields.emitido'), date(c.emitido)],
    [
      t('certificates:fields.codigo'),
      <Text component="span" ff="monospace" fw={600}>
        {c.codigo}
      </Text>,
    ],
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs" component="section" aria-labelledby="verification-title" data-testid="verification-card">
      <Stack gap="md">
        <Stack gap={6}>
          <Title order={2} size="h3" id="verification-title" style={{ overflowWrap: 'anywhere' }}>
            {kind}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Badge size="lg" variant="filled" color={STATE_COLORS[c.estado] ?? 'gray'} leftSection={STATE_ICONS[c.estado]} data-testid="verification-state">
              {t(`certificates:states.${c.estado}`, { defaultValue: c.estado })}
            </Badge>
            {status && (
              <Text size="sm" fw={c.estado === 'revocado' ? 700 : undefined} c={c.estado === 'revocado' ? 'red.9' : undefined} data-testid="verification-status">
                {status}
              </Text>
            )}
          </Group>
        </Stack>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase">
                {label}
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('certificates:privacy')}
        </Text>
      </Stack>
    </Paper>
  );
}
