import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '../../engine/i18n/split';

/** The page language, re-rendering when the user switches it. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.language);
}
