import { Box, FileInput, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageProblem } from './upload-rules';

/** A chosen image and its preview (a data: url, so nothing has to be revoked). */
export interface PickedImage {
  file: File;
  preview: string;
}

function readPreview(file: File): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsDataURL(file);
  });
}

export interface ImageFieldProps {
  /** Visible label, e.g. "Firma". */
  label: string;
  /** Alt text of the preview. */
  previewAlt: string;
  /** The stored image, when there is one. */
  currentUrl?: string | null;
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  /** Extra line under the field. */
  description?: string;
}

/**
 * An image chosen now and uploaded on save: checks type and size on the client, shows a
 * preview of the new image (or the stored one) before anything is sent.
 */
export function ImageField({ label, previewAlt, currentUrl, value, onChange, description }: ImageFieldProps) {
  const { t } = useTranslation('common');
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);
  const shown = value?.preview || currentUrl || null;

  const pick = async (file: File | null) => {
    if (!file) {
      setProblem(null);
      onChange(null);
      return;
    }
    const why = imageProblem(file);
    setProblem(why);
    if (why) {
      onChange(null);
      return;
    }
    onChange({ file, preview: await readPreview(file) });
  };

  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        description={description ?? t('image.hint')}
        placeholder={t('image.pick')}
        accept={IMAGE_ACCEPT}
        value={value?.file ?? null}
        onChange={(file) => void pick(file)}
        clearable
        clearButtonProps={{ 'aria-label': t('image.clear', { label }) }}
        leftSection={<IconPhotoUp size={16} aria-hidden />}
        error={problem ? t(`image.${problem}`) : undefined}
        fileInputProps={{ 'aria-label': t('image.file_input', { label }) }}
      />
      <Input.Wrapper label={t('image.preview', { label })} labelElement="div" size="xs">
        <Box
          mt={4}
          p="xs"
          bd="1px dashed var(--mantine-color-gray-4)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          bg="var(--mantine-color-gray-0)"
        >
          {shown ? (
            <Image src={shown} alt={previewAlt} h={140} w="auto" fit="contain" radius="sm" mx="auto" />
          ) : (
            <Stack align="center" gap={4} py="md" c="dimmed">
              <IconPhoto size={28} aria-hidden />
              <Text size="sm">{t('image.none')}</Text>
            </Stack>
          )}
        </Box>
      </Input.Wrapper>
      {value && currentUrl && (
        <Text size="xs" c="dimmed">
          {t('image.replaces')}
        </Text>
      )}
    </Stack>
  );
}
