import { Anchor, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { IconFile, IconPhoto } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './upload-field.module.css';
import { fileSize } from './upload-rules';

export interface UploadFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  accept?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  error?: string;
  /** Shows a preview of the chosen image, else of `currentUrl`. */
  image?: boolean;
  /** The stored file, kept until another one is chosen. */
  currentUrl?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** A data URL of an image file, read once per file (no object URLs to revoke). */
function useImagePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof FileReader === 'undefined') return;
    let live = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (live && typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      live = false;
    };
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

/**
 * A labelled native file input (keyboard and screen-reader friendly, and what browser
 * tests can fill), with the chosen file's name and size, a remove button and, for
 * images, a preview of the new or the stored picture.
 */
export function UploadField({
  label,
  description,
  required,
  accept,
  file,
  onChange,
  onBlur,
  error,
  image,
  currentUrl,
  inputRef,
}: UploadFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const own = useRef<HTMLInputElement>(null);
  const ref = useMergedRef(own, inputRef);
  const preview = useImagePreview(image ? file : null);
  const shown = file ? preview : (currentUrl ?? null);
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  // A form reset (after a save) forgets the file: the native input must forget it too.
  useEffect(() => {
    if (!file && own.current) own.current.value = '';
  }, [file]);

  const clear = () => {
    if (own.current) own.current.value = '';
    onChange(null);
  };

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      withAsterisk={required}
      descriptionProps={{ id: `${id}-description` }}
      errorProps={{ id: `${id}-error` }}
    >
      <Group align="center" gap="md" wrap="wrap" mt={6}>
        {image && (
          <div className={classes.preview}>
            {shown ? (
              <img src={shown} alt={t('upload.preview_alt', { name: label })} />
            ) : (
              <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            )}
          </div>
        )}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <input
            ref={ref}
            id={id}
            type="file"
            accept={accept}
            className={classes.input}
            aria-invalid={error ? true : undefined}
            aria-required={required || undefined}
            aria-describedby={describedBy || undefined}
            onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
            onBlur={onBlur}
          />
          {file && (
            <Group gap="xs" wrap="nowrap">
              <IconFile size={14} aria-hidden />
              <Text size="xs" truncate="end" style={{ minWidth: 0 }}>
                {file.name} · {fileSize(file.size)}
              </Text>
              <Button variant="subtle" size="compact-xs" color="red" onClick={clear} aria-label={t('upload.remove_named', { name: label })}>
                {t('upload.remove')}
              </Button>
            </Group>
          )}
          {!file && currentUrl && !image && (
            <Anchor href={currentUrl} target="_blank" rel="noopener noreferrer" size="xs">
              {t('upload.current')}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
