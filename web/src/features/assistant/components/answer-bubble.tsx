import { Button, List, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AssistantAnswer, AssistantChip } from '../api/ask-assistant';
import { sourceLine } from './source-line';
import classes from './assistant.module.css';

/** Only the app's own screens are followed (the server names them as /menu/… paths). */
const isAppPath = (ruta: string | null | undefined): ruta is string => !!ruta && ruta.startsWith('/') && !ruta.startsWith('//');

export interface AnswerBubbleProps {
  /** The message's id, which the panel scrolls to. */
  messageId: number;
  answer: AssistantAnswer;
  welcome: boolean;
  /** Another question is on its way: the buttons that ask wait. */
  busy: boolean;
  onAsk: (question: string) => void;
}

/** One answer: its text, the items it lists, its source and the related help texts it offers to ask. */
export function AnswerBubble({ messageId, answer, welcome, busy, onAsk }: AnswerBubbleProps) {
  const { t } = useTranslation('assistant');
  const relatedId = useId();
  return (
    <div className={classes.bubble} data-from="assistant" data-message-id={messageId} data-testid="assistant-answer">
      <VisuallyHidden>{t('assistant')}</VisuallyHidden>
      <Text size="sm" className={classes.text}>
        {answer.respuesta}
      </Text>
      {answer.elementos.length > 0 && (
        <List size="sm" spacing={2} className={classes.items}>
          {answer.elementos.map((item, i) => (
            <List.Item key={i}>{item}</List.Item>
          ))}
        </List>
      )}
      <Text size="xs" c="dimmed" mt={6} data-testid="assistant-source">
        {sourceLine(t, answer.fuente, welcome)}
      </Text>
      {answer.relacionadas.length > 0 && (
        <div role="group" aria-labelledby={relatedId} className={classes.related}>
          <Text size="xs" fw={600} id={relatedId}>
            {t('related')}
          </Text>
          {answer.relacionadas.map((related) => (
            <Button
              key={related.clave}
              variant="subtle"
              size="compact-sm"
              className={classes.relatedButton}
              disabled={busy}
              onClick={() => onAsk(related.titulo)}
            >
              {related.titulo}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

export interface AnswerChipsProps {
  chips: AssistantChip[];
  busy: boolean;
  onAsk: (question: string) => void;
  /** A chip opened a screen. */
  onNavigate: () => void;
}

/** The latest answer's chips: a screen to open (a link) or a question to ask. */
export function AnswerChips({ chips, busy, onAsk, onNavigate }: AnswerChipsProps) {
  const { t } = useTranslation('assistant');
  const shown = chips.filter((chip) => isAppPath(chip.ruta) || chip.pregunta);
  if (shown.length === 0) return null;
  return (
    <div role="group" aria-label={t('suggestions')} className={classes.chips}>
      {shown.map((chip, i) =>
        isAppPath(chip.ruta) ? (
          <Button key={i} component={Link} to={chip.ruta} variant="light" radius="xl" size="compact-sm" onClick={onNavigate}>
            {chip.texto}
          </Button>
        ) : (
          <Button key={i} variant="light" radius="xl" size="compact-sm" disabled={busy} onClick={() => onAsk(chip.pregunta ?? chip.texto)}>
            {chip.texto}
          </Button>
        ),
      )}
    </div>
  );
}
