import { ActionIcon, Alert, Button, Modal, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { CIA_KEY } from '@/lib/company/get-cia';
import { toLanguage } from '@/lib/i18n/languages';
import { QUESTION_MAX } from '../api/ask-assistant';
import { AnswerBubble, AnswerChips } from './answer-bubble';
import { DISABLED_CODE, useConversation, type Conversation } from './use-conversation';
import classes from './assistant.module.css';

/** Spec §9: the mobile layout below 450 px, where the panel takes the whole screen. */
export const PHONE_QUERY = '(max-width: 449.98px)';

export interface AssistantDialogProps {
  opened: boolean;
  /** Escape, the × or a chip that opened a screen on a phone. */
  onClose: () => void;
}

/**
 * The help assistant's panel (spec §1, §7): greets once when first opened (the server's
 * greeting, with the chips the user may follow), then one question at a time. Each answer
 * says its source; related help texts and chips ask the next question or open a screen. The
 * conversation lives as long as the launcher; the dialog traps the focus and starts in the
 * question box.
 */
export function AssistantDialog({ opened, onClose }: AssistantDialogProps) {
  const { t, i18n } = useTranslation('assistant');
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const { mutate } = useSWRConfig();
  // The company turned the assistant off: read its configuration again, the button goes.
  const conversation = useConversation(toLanguage(i18n.resolvedLanguage ?? i18n.language));
  const [draft, setDraft] = useState('');
  const turnedOff = conversation.failure?.code === DISABLED_CODE;
  // The company turned the assistant off: once its message has been read (the panel closes),
  // the configuration is read again and the button goes.
  const close = () => {
    onClose();
    if (turnedOff) void mutate(CIA_KEY);
  };

  const greet = useEffectEvent(() => conversation.greet(t('greeting_question')));
  useEffect(() => {
    greet();
  }, []);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('title')}
      size={400}
      fullScreen={phone}
      centered={false}
      // The launcher puts the focus back on its button (this dialog may mount already open).
      returnFocus={false}
      transitionProps={{ transition: phone ? 'slide-up' : 'pop-bottom-right', duration: 150 }}
      classNames={{
        inner: phone ? undefined : classes.inner,
        content: phone ? classes.fullContent : classes.content,
        header: classes.header,
        body: classes.body,
      }}
      data-testid="assistant-dialog"
    >
      <ConversationView conversation={conversation} draft={draft} onDraft={setDraft} onNavigate={phone ? close : undefined} />
    </Modal>
  );
}

interface ConversationViewProps {
  conversation: Conversation;
  draft: string;
  onDraft: (draft: string) => void;
  /** A chip opened a screen (closes the panel on a phone). */
  onNavigate?: () => void;
}

function ConversationView({ conversation, draft, onDraft, onNavigate }: ConversationViewProps) {
  const { t } = useTranslation('assistant');
  const { messages, waiting, failure } = conversation;
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const wasWaiting = useRef(false);
  const last = messages[messages.length - 1];

  // A new answer shows from its first line; a question, the typing dots or an error at the end.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const answer = last?.from === 'assistant' && !waiting && !failure ? log.querySelector<HTMLElement>(`[data-message-id="${last.id}"]`) : null;
    log.scrollTop = answer ? answer.offsetTop - 48 : log.scrollHeight;
  }, [last, waiting, failure]);

  // A chip or related title pressed is disabled while its answer comes: the focus comes back to the box.
  useEffect(() => {
    if (wasWaiting.current && !waiting) {
      const active = document.activeElement;
      if (!active || active === document.body || (active instanceof HTMLButtonElement && active.disabled)) inputRef.current?.focus();
    }
    wasWaiting.current = waiting;
  }, [waiting]);

  const ask = (question: string) => {
    conversation.ask(question);
  };
  const submit = () => {
    if (conversation.ask(draft)) onDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line; not while an input method composes a word.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const atLimit = draft.length >= QUESTION_MAX;

  return (
    <>
      <div ref={logRef} className={classes.log} role="log" aria-live="polite" aria-label={t('conversation')} tabIndex={0} data-testid="assistant-log">
        {messages.map((message) =>
          message.from === 'user' ? (
            <div key={message.id} data-message-id={message.id} className={classes.bubble} data-from="user" data-testid="assistant-question">
              <VisuallyHidden>{t('you')}</VisuallyHidden>
              <Text size="sm" className={classes.text}>
                {message.text}
              </Text>
            </div>
          ) : (
            <AnswerBubble key={message.id} messageId={message.id} answer={message.answer} welcome={message.welcome} busy={waiting} onAsk={ask} />
          ),
        )}
        {last?.from === 'assistant' && !waiting && !failure && (
          <AnswerChips chips={last.answer.chips} busy={waiting} onAsk={ask} onNavigate={() => onNavigate?.()} />
        )}
        {waiting && (
          <div className={classes.typing} data-testid="assistant-typing">
            <span className={classes.dot} aria-hidden />
            <span className={classes.dot} aria-hidden />
            <span className={classes.dot} aria-hidden />
            <VisuallyHidden>{t('typing')}</VisuallyHidden>
          </div>
        )}
        {failure && (
          <Alert color="red" variant="light" title={t('error.title')} data-testid="assistant-error">
            <Text size="sm">{failure.message}</Text>
            {failure.canRetry && (
              <Button mt="xs" size="compact-sm" variant="white" color="red" onClick={conversation.retry}>
                {t('error.retry')}
              </Button>
            )}
          </Alert>
        )}
      </div>
      <form
        className={classes.composer}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className={classes.field}>
          <Textarea
            ref={inputRef}
            aria-label={t('input.label')}
            placeholder={t('input.placeholder')}
            value={draft}
            onChange={(event) => onDraft(event.currentTarget.value.slice(0, QUESTION_MAX))}
            onKeyDown={onKeyDown}
            maxLength={QUESTION_MAX}
            rows={2}
            // Read-only rather than disabled while waiting: the focus stays in the box.
            readOnly={waiting}
            aria-disabled={waiting || undefined}
            data-autofocus
            // The count under the box, as its description (aria-describedby).
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              atLimit
                ? `${t('input.counter', { count: draft.length, max: QUESTION_MAX })} · ${t('input.limit', { max: QUESTION_MAX })}`
                : t('input.counter', { count: draft.length, max: QUESTION_MAX })
            }
            descriptionProps={{ 'data-testid': 'assistant-counter', 'data-limit': atLimit || undefined, className: classes.counter }}
          />
        </div>
        <ActionIcon type="submit" size={42} radius="xl" variant="filled" mb={22} aria-label={t('input.send')} disabled={waiting || draft.trim() === ''}>
          <IconSend size={20} aria-hidden />
        </ActionIcon>
      </form>
    </>
  );
}
