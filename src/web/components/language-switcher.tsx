import { Button, type ButtonProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** Switches between English and Spanish; the button names the other language in that language. */
export function LanguageSwitcher(props: Pick<ButtonProps, 'appearance' | 'size' | 'className'>) {
  const { t, i18n } = useTranslation();
  const target = t('common.language.switchToCode');
  return (
    <Button
      appearance="subtle"
      {...props}
      lang={target}
      data-testid="language-switcher"
      onClick={() => void i18n.changeLanguage(target)}
    >
      {t('common.language.switchTo')}
    </Button>
  );
}
