import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_MAX_BYTES } from '../../domain/contract/profile';
import { ServerMessage } from '../../app/account/formParts';
import { Button } from '../../ui/Button';
import { useProfileMessage } from './profileParts';

/** What a photo call answered: the stored photo's address (null once removed), or the server's message. */
export type PhotoResult = { ok: true; image: string | null } | { ok: false; message: string | null };

type PhotoPickerProps = {
  image: string | null;
  /** Shown instead of a photo: the person's initials. */
  initials: string;
  /** The photo's text alternative, and what the buttons name when several people's photos share a page. */
  alt: string;
  size: number;
  labels: { add: string; change: string; remove?: string };
  /** The buttons' accessible names when several people's photos share a page ('Change the photo of Omar Hassan'). */
  names?: { add: string; change: string; remove: string };
  upload: (file: File) => Promise<PhotoResult>;
  remove?: () => Promise<PhotoResult>;
};

/**
 * A person's photo with its upload, replace and (where given) remove: jpeg or png up to 5 MB, checked here first and
 * again by the server, which resizes it. The customer's own photo and each family member's use it alike.
 */
export function PhotoPicker({ image: stored, initials, alt, size, labels, names, upload, remove }: PhotoPickerProps) {
  const { t } = useTranslation('profile');
  const profileMessage = useProfileMessage();
  const input = useRef<HTMLInputElement | null>(null);
  const [image, setImage] = useState(stored);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<'upload' | 'remove' | null>(null);

  const run = async (kind: 'upload' | 'remove', call: () => Promise<PhotoResult>) => {
    setProblem(null);
    setPending(kind);
    const result = await call();
    setPending(null);
    if (!result.ok) return setProblem(profileMessage(result.message) ?? t('photo.failed'));
    setImage(result.image);
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (!['image/jpeg', 'image/png'].includes(file.type)) return setProblem(t('serverMessages.imageType'));
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return setProblem(t('serverMessages.imageTooLarge'));
    void run('upload', () => upload(file));
  };

  return (
    <div className="profile-photo" style={{ ['--photo-size' as string]: `${size}px` }}>
      {image ? <img src={image} alt={alt} width={size} height={size} /> : <span className="profile-initials" aria-hidden="true">{initials}</span>}
      <input ref={input} type="file" accept={PROFILE_IMAGE_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={choose} />
      <Button variant="ghost" pending={pending === 'upload'} disabled={pending !== null} onClick={() => input.current?.click()} aria-label={image ? names?.change : names?.add}>
        {image ? labels.change : labels.add}
      </Button>
      {image && remove && labels.remove ? (
        <Button variant="ghost" pending={pending === 'remove'} disabled={pending !== null} onClick={() => void run('remove', remove)} aria-label={names?.remove}>
          {labels.remove}
        </Button>
      ) : null}
      <ServerMessage message={problem} />
    </div>
  );
}
