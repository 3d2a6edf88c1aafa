import { Alert, Badge, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconAlertTriangle, IconEye } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/forms';
import { postLaunch } from '../api/launch';
import { postSetScore } from '../api/set-score';
import type { LanzamientoScorm } from '../api/types';
import { playerUrl } from './player-url';

/** Spec §9: the frame shows at the latest 3 s after the launch, loaded or not. */
export const REVEAL_MS = 3000;
/**
 * After closing, the player's last commit (sent on page hide) still has to land before the
 * plan asks for the result again.
 */
export const SETTLE_MS = 1000;

/** The sandbox of the package's frame: no top navigation, no access to the app's origin. */
export const PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

export interface PlayerModalProps {
  /** The learner (always the signed-in employee) and their display name. */
  cveEmpleado: number;
  nombreEmpleado: string;
  cveTema: number;
  /** The topic's name. */
  titulo: string;
  onClose: () => void;
  /** The player was closed after a launch: whoever shows the plan reloads it. */
  onFinished?: () => void;
  revealMs?: number;
  settleMs?: number;
}

type Phase =
  | { fase: 'abriendo' }
  | { fase: 'lista'; lanzamiento: LanzamientoScorm; url: string }
  /** `mensaje` null: the session is ending (its own dialog shows); `direccion`: the answer's url was refused. */
  | { fase: 'fallida'; mensaje: string | null; direccion?: boolean };

/**
 * The SCORM player of the plan, full screen: launches the learner's attempt (AltaScromUsuario)
 * and frames the player page of the content origin, which hosts the SCORM API and talks to
 * the server with the launch token only. On close the best result goes to the ledger
 * (setPuntajeTema) and the plan reloads.
 */
export function PlayerModal({ cveEmpleado, nombreEmpleado, cveTema, titulo, onClose, onFinished, revealMs = REVEAL_MS, settleMs = SETTLE_MS }: PlayerModalProps) {
  const { t } = useTranslation(['scorm', 'common']);
  const [phase, setPhase] = useState<Phase>({ fase: 'abriendo' });
  const [revealed, setRevealed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const launched = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    postLaunch({ cve_empleado: cveEmpleado, nombre: nombreEmpleado, cve_tema: cveTema }, controller.signal).then(
      (lanzamiento) => {
        const url = playerUrl(lanzamiento?.url, window.location.origin);
        if (!url) {
          setPhase({ fase: 'fallida', mensaje: '', direccion: true });
          return;
        }
        launched.current = true;
        setPhase({ fase: 'lista', lanzamiento, url });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const mensaje = failureMessage(error);
        // null: the session is ending; its own dialog shows and the modal closes with it.
        setPhase({ fase: 'fallida', mensaje });
      },
    );
    return () => controller.abort();
  }, [cveEmpleado, nombreEmpleado, cveTema, attempt]);

  const ready = phase.fase === 'lista';
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setRevealed(true), revealMs);
    return () => clearTimeout(timer);
  }, [ready, revealMs]);

  const close = () => {
    onClose();
    if (!launched.current) return;
    setTimeout(() => {
      postSetScore(cveEmpleado, cveTema)
        .catch(() => undefined)
        .finally(() => onFinished?.());
    }, settleMs);
  };

  const retry = () => {
    setRevealed(false);
    setPhase({ fase: 'abriendo' });
    setAttempt((n) => n + 1);
  };

  return (
    <Modal
      opened
      onClose={close}
      fullScreen
      radius={0}
      padding={0}
      transitionProps={{ duration: 0 }}
      closeOnClickOutside={false}
      title={
        <Group gap="xs" wrap="nowrap" component="span">
          <Text fw={700} component="span" lineClamp={1}>
            {titulo}
          </Text>
          {phase.fase === 'lista' && (
            <Badge variant="light" color="gray" tt="none" style={{ flex: 'none' }}>
              {t('scorm:player.attempt', { n: phase.lanzamiento.intento })}
            </Badge>
          )}
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('scorm:player.close') }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        header: { paddingInline: 'var(--mantine-spacing-md)', borderBottom: '1px solid var(--mantine-color-gray-3)' },
        body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
      }}
    >
      {phase.fase === 'abriendo' && (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('scorm:player.loading')}</Text>
        </Group>
      )}
      {phase.fase === 'fallida' && phase.mensaje !== null && (
        <Stack gap="sm" p="md">
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('scorm:player.launch_error')} role="alert">
            {phase.direccion ? t('scorm:player.bad_url') : phase.mensaje}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.close')}
            </Button>
            <Button onClick={retry}>{t('scorm:player.retry')}</Button>
          </Group>
        </Stack>
      )}
      {phase.fase === 'lista' && (
        <>
          {phase.lanzamiento.modo === 'review' && (
            <Alert color="blue" variant="light" radius={0} icon={<IconEye size={18} aria-hidden />} py="xs">
              {t('scorm:player.review')}
            </Alert>
          )}
          <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
            <iframe
              src={phase.url}
              title={t('scorm:player.frame_title')}
              sandbox={PLAYER_SANDBOX}
              allow="fullscreen; autoplay"
              referrerPolicy="no-referrer"
              onLoad={() => setRevealed(true)}
              style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, display: 'block' }}
            />
            {!revealed && (
              <Group justify="center" align="center" bg="white" role="status" style={{ position: 'absolute', inset: 0 }}>
                <Loader size="sm" aria-hidden />
                <Text size="sm">{t('scorm:player.loading')}</Text>
              </Group>
            )}
          </Box>
        </>
      )}
    </Modal>
  );
}
