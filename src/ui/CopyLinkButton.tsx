import { useTranslation } from 'react-i18next';
import { copyLink } from '../domain/clipboard';
import { Button } from './Button';
import { Icon } from './Icon';
import { toast } from './toast';

export function CopyLinkButton({ url = window.location.href }: { url?: string }) {
  const { t } = useTranslation();
  const share = async () => {
    const outcome = await copyLink(url, navigator.clipboard);
    if (outcome === 'copied') {
      toast.success(t('copyLink.copied'));
      return;
    }
    toast.error(t(outcome === 'unavailable' ? 'copyLink.unavailable' : 'copyLink.failed'));
    window.alert(t('copyLink.manual', { url }));
  };
  return (
    <Button variant="secondary" icon={<Icon name="copy" />} onClick={() => void share()}>
      {t('copyLink.action')}
    </Button>
  );
}
