import { ActionIcon, FileButton, Loader, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/errors';
import { RealtimeError, type Mensaje } from '@/lib/socket';
import { sendChatMessage } from '../api/send-message';
import { postChatImage } from '../api/upload-image';
import { IMAGE_TYPES, MAX_MESSAGE_LENGTH, clampMessage, imageProblem, messageLength, messageProblem } from './composer-rules';
import classes from './chat.module.css';

export interface ComposerProps {
  /** Recipient. */
  para: number;
  /** A message was stored (from the ack or the upload answer). */
  onSent: (message: Mensaje) => void;
}

function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 409);
}

/** Text (1–100 characters, with a counter) and png/jpeg images up to 8 MB. */
export function Composer({ para, onSent }: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const length = messageLength(text);
  const blocked = messageProblem(text) !== null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const issue = messageProblem(text);
    if (issue) {
      setProblem(issue === 'empty' ? t('composer.empty') : t('composer.too_long', { max: MAX_MESSAGE_LENGTH }));
      return;
    }
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      const message = await sendChatMessage(para, text.trim());
      setText('');
      onSent(message);
    } catch (error) {
      setProblem(error instanceof RealtimeError && error.resp ? error.resp : t('composer.send_error'));
    } finally {
      setSending(false);
    }
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    const issue = imageProblem(file);
    if (issue) {
      setProblem(issue === 'type' ? t('composer.image_type') : t('composer.image_size'));
      return;
    }
    setUploading(true);
    setProblem(null);
    try {
      const answer = await postChatImage(file, para);
      if (answer?.mensaje) onSent(answer.mensaje);
    } catch (error) {
      if (!isSessionError(error)) setProblem(t('composer.upload_error'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <form className={classes.composer} onSubmit={(e) => void submit(e)} noValidate>
      <FileButton onChange={(f) => void pick(f)} accept={IMAGE_TYPES.join(',')} disabled={uploading}>
        {(props) => (
          <Tooltip label={t('composer.attach')} withinPortal>
            <ActionIcon {...props} variant="subtle" size="lg" aria-label={t('composer.attach')} disabled={uploading}>
              {uploading ? <Loader size={16} aria-label={t('composer.uploading')} /> : <IconPhoto size={20} />}
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
      <div className={classes.composerInput}>
        <TextInput
          value={text}
          onChange={(e) => {
            setText(clampMessage(e.currentTarget.value));
            if (problem) setProblem(null);
          }}
          placeholder={t('composer.placeholder')}
          aria-label={t('composer.label')}
          aria-describedby="chat-composer-counter"
          error={problem ?? undefined}
          autoComplete="off"
          data-autofocus
        />
        <Text id="chat-composer-counter" size="xs" c={length >= MAX_MESSAGE_LENGTH ? 'orange' : 'dimmed'} ta="right" aria-live="polite">
          {t('composer.counter', { length, max: MAX_MESSAGE_LENGTH })}
        </Text>
      </div>
      <ActionIcon type="submit" size="lg" aria-label={t('composer.send')} disabled={blocked || sending} loading={sending}>
        <IconSend size={18} />
      </ActionIcon>
    </form>
  );
}
