import { directionOf, LANGUAGES, type Lang } from '../../domain/lang';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import './shell.css';

export interface LanguageToggleProps {
  lang: Lang;
  onChange: (lang: Lang) => void;
  className?: string;
}

/** Offers the other language, named in that language (and marked up as it) so its readers recognise it. */
export function LanguageToggle({ lang, onChange, className }: LanguageToggleProps) {
  const other = LANGUAGES.find((language) => language.code !== lang);
  if (!other) return null;
  return (
    <Button
      variant="ghost"
      className={className ? `shell-lang ${className}` : 'shell-lang'}
      icon={<Icon name="globe" />}
      lang={other.code}
      dir={directionOf(other.code)}
      onClick={() => onChange(other.code)}
    >
      {other.label}
    </Button>
  );
}
