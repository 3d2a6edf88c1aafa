import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The text of a refused row: its code's text in the user's language (the error catalogue),
 * else the server's own message (already in that language), else the code.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (codigo: string | null | undefined, mensaje: string | null | undefined) => {
      if (codigo && i18n.exists(`errors:${codigo}`)) return t(`errors:${codigo}`);
      return mensaje || codigo || '';
    },
    [t, i18n],
  );
}
