import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconLock, IconUser } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { DeferredSelect } from '@/components/deferred/deferred-select';
import { showAlert } from '@/lib/alerts';
import { showErrorDialog } from '@/lib/api/client';
import { ApiError, NetworkError } from '@/lib/api/errors';
import { decodeToken } from '@/lib/auth/jwt';
import { setSession } from '@/lib/auth/session';
import { validateSession } from '@/lib/auth/validate-session';
import { describeClient } from '@/lib/browser';
import { useNavigator } from '@/lib/navigation/navigation';
import { CIA_KEY, fetchCia } from '@/lib/company/get-cia';
import type { Cia } from '@/lib/company/types';
import { readablePair } from '@/lib/theme/brand';
import { useDemoClients } from '../api/get-demo-clients';
import { LOGIN_CHANGE_CREDENTIALS, LOGIN_OK, postLogin } from '../api/login';
import type { CredentialsChange } from './credentials-change-form';

interface LoginValues {
  usuario: string;
  password: string;
  clienteDemo: string | null;
}

export interface LoginFormProps {
  cia: Cia | undefined;
  /** Company colours of the submit button (`home_button_color`, `home_button_text_color`). */
  buttonColor?: string;
  buttonTextColor?: string;
  onRecover: () => void;
  onCredentialsChange: (change: CredentialsChange) => void;
}

/** Identifier (CURP, RFC or e-mail) + password, with the demo entity in demo mode. */
export function LoginForm({ cia, buttonColor, buttonTextColor, onRecover, onCredentialsChange }: LoginFormProps) {
  // The company's button colours, darkened when their text would not reach WCAG AA.
  const submitColors = readablePair(buttonColor, buttonTextColor);
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const { navigate } = useNavigator();
  const demo = cia?.demo === true;
  const { data: demoClients, isLoading: demoLoading } = useDemoClients(demo);
  // A three-field form does not need a form library: keeping it out of the Login route
  // keeps the first visit inside its download budget.
  const [values, setValues] = useState<LoginValues>({ usuario: '', password: '', clienteDemo: null });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const set = <K extends keyof LoginValues>(key: K, value: LoginValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const validate = (v: LoginValues) => {
    const next: Partial<Record<keyof LoginValues, string>> = {};
    if (demo && !v.clienteDemo) next.clienteDemo = t('auth:login.demo_required');
    if (v.usuario.trim() === '') next.usuario = t('auth:login.user_required');
    if (v.password === '') next.password = t('auth:login.password_required');
    return next;
  };

  const fail = async (reason: unknown) => {
    if (reason instanceof NetworkError) {
      await showErrorDialog(reason);
      return;
    }
    const resp = reason instanceof ApiError ? reason.resp : typeof reason === 'string' ? reason : undefined;
    const server = resp || t('errors:auth.credenciales_invalidas');
    const tryAgain = t('auth:login.try_again');
    const message = /ocupada/i.test(server)
      ? t('auth:login.busy')
      : server.toLowerCase().includes(tryAgain.toLowerCase())
        ? server
        : `${server}\n${tryAgain}`;
    notifications.show({ color: 'orange', message: t('auth:login.contact_representative'), autoClose: 6000 });
    await showAlert({ title: t('errors:ui.ups'), message });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await submit(values);
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async (values: LoginValues) => {
    const client = describeClient();
    let answer;
    try {
      answer = await postLogin({
        ...client,
        empresa: cia?.nomcia ?? '',
        usuario: values.usuario.trim(),
        password: values.password,
        tokenfcm: '',
        ...(demo && values.clienteDemo ? { clienteDemo: values.clienteDemo } : {}),
      });
    } catch (error) {
      await fail(error);
      return;
    }
    if (answer?.resp === LOGIN_CHANGE_CREDENTIALS && answer.jwt) {
      const cve = answer.cve_empleado ?? Number(decodeToken(answer.jwt)?.cve_empleado ?? 0);
      onCredentialsChange({ jwt: answer.jwt, cve_empleado: cve });
      return;
    }
    if (answer?.resp !== LOGIN_OK || !answer.jwt) {
      await fail(answer?.resp);
      return;
    }
    try {
      const user = await validateSession(answer.jwt);
      setSession(user.token || answer.jwt, user);
      // Before login the shared company configuration is its public view (branding only);
      // the screens after it read the session's (news slider, course blocks, store switches).
      void mutate(CIA_KEY, fetchCia(), { revalidate: false }).catch(() => undefined);
      notifications.clean();
      navigate('/menu/dashboard', { replace: true });
    } catch {
      // The client already showed why.
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="login-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3" id="login-title">
            {t('auth:login.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('auth:login.subtitle')}
          </Text>
        </div>
        {demo && (
          // Demo mode only; its code loads when the field is first used (Login's budget).
          <DeferredSelect
            label={t('auth:login.demo_entity')}
            leftSection={<IconBuilding size={16} aria-hidden />}
            data={(demoClients ?? []).map((c) => ({ value: String(c.cve_cliente), label: c.nombre_cliente }))}
            value={values.clienteDemo}
            onChange={(v) => set('clienteDemo', v)}
            searchable
            withAsterisk
            disabled={demoLoading}
            nothingFoundMessage={t('auth:no_results')}
            error={errors.clienteDemo}
          />
        )}
        <TextInput
          label={t('auth:login.user')}
          description={t('auth:login.user_hint')}
          autoComplete="username"
          leftSection={<IconUser size={16} aria-hidden />}
          withAsterisk
          error={errors.usuario}
          value={values.usuario}
          onChange={(e) => set('usuario', e.currentTarget.value)}
        />
        <PasswordInput
          label={t('auth:login.password')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} aria-hidden />}
          withAsterisk
          error={errors.password}
          visibilityToggleButtonProps={{ 'aria-label': t('common:password.toggle') }}
          value={values.password}
          onChange={(e) => set('password', e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onRecover}>
            {t('auth:login.forgot')}
          </Anchor>
        </Group>
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={isSubmitting}
          color={submitColors.background}
          styles={submitColors.text ? { root: { color: submitColors.text } } : undefined}
        >
          {t('auth:login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
