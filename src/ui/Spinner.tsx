import { useTranslation } from 'react-i18next';

export interface SpinnerProps {
  /** What is loading, read to assistive technology; defaults to a generic "Loading". */
  label?: string;
  /** Show the label next to the spinner instead of only to assistive technology. */
  showLabel?: boolean;
}

export function Spinner({ label, showLabel = false }: SpinnerProps) {
  const { t } = useTranslation('ui');
  return (
    <span className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label ?? t('loading')}</span>
    </span>
  );
}
