import { useTranslation } from 'react-i18next';
import { copyLink } from '../domain/clipboard';
import { Button } from './Button';
import { Icon } from './Icon';
import { toast } from './toast';

/** `url`: the page's own address by default, read on the tap (a server render has no address bar). */
export function CopyLinkButton({ url }: { url?: string }) {
  const { t } = useTranslation();
  const share = async () => {
    const link = url ?? window.location.href;
    const outcome = await copyLink(link, navigator.clipboard);
    if (outcome === 'copied') {
      toast.success(t('copyLink.copied'));
      return;
    }
    toast.error(t(outcome === 'unavailable' ? 'copyLink.unavailable' : 'copyLink.failed'));
    window.alert(t('copyLink.manual', { url: link }));
  };
  return (
    <Button variant="secondary" icon={<Icon name="copy" />} onClick={() => void share()}>
      {t('copyLink.action')}
    </Button>
  );
}
