import { Anchor, Box, Button, Container, Group, Image, Paper, Skeleton, Stack, Text, Title, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlayerPlay, IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredLanguageMenu } from '@/components/language-menu/deferred-language-menu';
import { useCia } from '@/lib/company/get-cia';
import { sectionItems } from '@/lib/company/types';
import { isOn } from '@/lib/flags';
import { AppLink } from '@/lib/navigation/app-link';
import { readableOn } from '@/lib/theme/brand';
import type { CredentialsChange } from './credentials-change-form';
import { HomeSection } from './home-sections';
import { LoginForm } from './login-form';
import classes from './login-page.module.css';

// The dialogs (the registration form with its combos, zod and dates; the requirements; the
// video) download with their styles only when someone opens them.
const RegisterModal = lazy(() => Promise.all([import('./register-modal'), import('./modal-styles')]).then(([m]) => m));
const RequirementsModal = lazy(() =>
  Promise.all([import('./requirements-modal'), import('./modal-styles')]).then(([m]) => ({ default: m.RequirementsModal })),
);
const VideoTutorialModal = lazy(() =>
  Promise.all([import('./video-tutorial-modal'), import('./modal-styles')]).then(([m]) => ({
    default: m.VideoTutorialModal,
  })),
);

// Recovering a password and the forced credentials change are other modes of the card.
const RecoverForm = lazy(() => import('./recover-form').then((m) => ({ default: m.RecoverForm })));
const CredentialsChangeForm = lazy(() =>
  import('./credentials-change-form').then((m) => ({ default: m.CredentialsChangeForm })),
);

/** True from the first time `opened` is, so that a dialog's closing transition still plays. */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

type Mode = { kind: 'login' } | { kind: 'recover' } | { kind: 'change'; change: CredentialsChange };

/** The Login screen: company-branded, with its three modes and the registration modal. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { data: cia, isLoading } = useCia();
  const [mode, setMode] = useState<Mode>({ kind: 'login' });
  const [registerOpened, register] = useDisclosure(false);
  const [videoOpened, video] = useDisclosure(false);
  const [requirementsOpened, requirements] = useDisclosure(false);
  const videoMounted = useOpenedOnce(videoOpened);
  const requirementsMounted = useOpenedOnce(requirementsOpened);

  const company = cia?.nomcia || 'Aula';
  const brand = cia?.home_title || company;
  const logo = cia?.home_logo || cia?.logo;
  const heroBg = cia?.home_background_color || 'var(--mantine-primary-color-filled)';
  const heroText = cia?.home_text_color || (cia?.home_background_color ? readableOn(cia.home_background_color) : '#ffffff');
  const headerBg = cia?.color_fondo_header || '#ffffff';
  const headerText = cia?.color_texto_header || readableOn(headerBg);
  const showRegister = isOn(cia?.home_show_register_section);
  const videoLink = isOn(cia?.home_show_video_tutorial)
    ? (cia?.home_video_link || cia?.register_modal_video_link || '').trim()
    : '';
  const faqUrl = cia?.home_faq_url || '/FAQ';
  const navButton = { variant: 'subtle', size: 'compact-sm', style: { color: headerText } } as const;
  const configuration = isOn(cia?.show_configuration_section) ? sectionItems(cia?.configuration_section_content) : [];
  const advantages = isOn(cia?.show_advantages_section) ? sectionItems(cia?.advantages_section_content) : [];
  const contactHref = cia?.home_contact_url || (cia?.home_contact_email ? `mailto:${cia.home_contact_email}` : null);
  const year = new Date().getFullYear();

  return (
    <div className={classes.page}>
      <header className={classes.header} style={{ background: headerBg, color: headerText }}>
        <Container size="lg" className={classes.headerInner}>
          <Group gap="sm" wrap="nowrap" className={classes.brand}>
            {logo ? (
              <Box className={classes.logoBox} style={{ background: cia?.color_fondo_logo || 'transparent' }}>
                <Image src={logo} alt={t('auth:header.logo_alt', { company })} h={40} w="auto" fit="contain" />
              </Box>
            ) : isLoading ? (
              <Skeleton h={40} w={120} />
            ) : null}
            <Text fw={700} className={classes.companyName}>
              {brand}
            </Text>
          </Group>
          <nav aria-label={t('auth:header.nav')}>
            <Group gap={4} wrap="wrap" justify="flex-end">
              <NavTarget url={faqUrl} {...navButton}>
                {t('auth:header.faq')}
              </NavTarget>
              {cia?.home_requirements_url ? (
                <NavTarget url={cia.home_requirements_url} {...navButton}>
                  {t('auth:header.requirements')}
                </NavTarget>
              ) : (
                <Button {...navButton} onClick={requirements.open}>
                  {t('auth:header.requirements')}
                </Button>
              )}
              {contactHref && (
                <NavTarget url={contactHref} {...navButton}>
                  {t('auth:header.contact')}
                </NavTarget>
              )}
              <DeferredLanguageMenu color={headerText} compact />
            </Group>
          </nav>
        </Container>
      </header>

      <main>
        <section className={classes.hero} style={{ background: heroBg, color: heroText }} aria-labelledby="welcome-title">
          {cia?.home_background_image && (
            <div className={classes.heroImage} style={{ backgroundImage: `url("${cia.home_background_image}")` }} aria-hidden />
          )}
          <Container size="lg" className={classes.heroInner}>
            <Stack gap="md" className={classes.welcome}>
              {cia?.home_subtitle && (
                <Text fw={600} tt="uppercase" size="sm" className={classes.eyebrow}>
                  {cia.home_subtitle}
                </Text>
              )}
              <Title order={1} id="welcome-title" className={classes.welcomeTitle}>
                {cia?.home_welcome_title || t('auth:welcome.title', { company })}
              </Title>
              <Text size="lg" className={classes.welcomeText}>
                {cia?.home_welcome_text || t('auth:welcome.text')}
              </Text>
              {(showRegister || videoLink) && (
                <Group gap="sm">
                  {showRegister && (
                    <Button variant="white" leftSection={<IconUserPlus size={18} aria-hidden />} onClick={register.open}>
                      {t('auth:register.open')}
                    </Button>
                  )}
                  {videoLink && (
                    <Button
                      variant="outline"
                      color="gray.0"
                      style={{ color: heroText, borderColor: heroText }}
                      leftSection={<IconPlayerPlay size={18} aria-hidden />}
                      onClick={video.open}
                    >
                      {t('auth:video.open')}
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
            <Paper className={classes.card} shadow="xl" radius="lg" p="xl" withBorder>
              {mode.kind === 'login' && (
                <LoginForm
                  cia={cia}
                  buttonColor={cia?.home_button_color || undefined}
                  buttonTextColor={cia?.home_button_text_color || undefined}
                  onRecover={() => setMode({ kind: 'recover' })}
                  onCredentialsChange={(change) => setMode({ kind: 'change', change })}
                />
              )}
              <Suspense fallback={null}>
                {mode.kind === 'recover' && <RecoverForm onBack={() => setMode({ kind: 'login' })} />}
                {mode.kind === 'change' && (
                  <CredentialsChangeForm change={mode.change} onDone={() => setMode({ kind: 'login' })} />
                )}
              </Suspense>
              {mode.kind === 'login' && showRegister && (
                <Text size="sm" ta="center" mt="md">
                  {t('auth:register.question')}{' '}
                  <Anchor component="button" type="button" onClick={register.open} fw={600}>
                    {t('auth:register.link')}
                  </Anchor>
                </Text>
              )}
            </Paper>
          </Container>
        </section>

        {configuration.length > 0 && (
          <HomeSection
            id="configuration-title"
            variant="configuration"
            title={t('auth:sections.configuration')}
            items={configuration}
          />
        )}
        {advantages.length > 0 && (
          <Box bg="white">
            <HomeSection
              id="advantages-title"
              variant="advantages"
              title={t('auth:sections.advantages')}
              items={advantages}
            />
          </Box>
        )}
        {cia?.home_disclaimer && (
          <Container size="lg" py="lg">
            <Text size="xs" c="dimmed" ta="center" style={{ whiteSpace: 'pre-line' }}>
              {cia.home_disclaimer}
            </Text>
          </Container>
        )}
      </main>

      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {cia?.home_copyright || t('auth:footer.copyright', { year, company })}
            </Text>
            <Group gap="md">
              {cia?.home_terms_url && (
                <Anchor href={cia.home_terms_url} target="_blank" rel="noopener noreferrer" size="sm">
                  {t('auth:footer.terms')}
                </Anchor>
              )}
              {cia?.home_privacy_url && (
                <Anchor href={cia.home_privacy_url} target="_blank" rel="noopener noreferrer" size="sm">
                  {t('auth:footer.privacy')}
                </Anchor>
              )}
            </Group>
          </Group>
        </Container>
      </footer>

      <Suspense fallback={null}>
        {registerOpened && <RegisterModal opened={registerOpened} onClose={register.close} cia={cia} />}
        {videoLink && videoMounted && <VideoTutorialModal opened={videoOpened} onClose={video.close} link={videoLink} />}
        {requirementsMounted && <RequirementsModal opened={requirementsOpened} onClose={requirements.close} />}
      </Suspense>
    </div>
  );
}

/** A header link: in-app paths navigate in place, other addresses open in a new tab. */
function NavTarget({ url, children, ...button }: ButtonProps & { url: string; children: ReactNode }) {
  if (url.startsWith('/')) {
    return (
      <Button component={AppLink} to={url} {...button}>
        {children}
      </Button>
    );
  }
  const external = !url.startsWith('mailto:');
  return (
    <Button component="a" href={url} target={external ? '_blank' : undefined} rel="noopener noreferrer" {...button}>
      {children}
    </Button>
  );
}
