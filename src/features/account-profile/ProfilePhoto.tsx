import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProfileChange } from '../../../machines/profileEdit';
import { uploadProfileImage } from '../../api/accountProfile';
import { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_MAX_BYTES, type ProfileDetails } from '../../domain/contract/profile';
import { ServerMessage } from '../../app/account/formParts';
import { usePortal } from '../../app/portal';
import { Button } from '../../ui/Button';
import { useProfileMessage } from './profileParts';

/** The profile photo and its upload: jpeg or png up to 5 MB, checked here first and again by the server, which resizes it. */
export function ProfilePhoto({ profile, onChanged }: { profile: ProfileDetails; onChanged: (change: ProfileChange) => void }) {
  const { t } = useTranslation('profile');
  const { api } = usePortal();
  const profileMessage = useProfileMessage();
  const input = useRef<HTMLInputElement | null>(null);
  const [image, setImage] = useState(profile.profile_image);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (!['image/jpeg', 'image/png'].includes(file.type)) return setProblem(t('serverMessages.imageType'));
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return setProblem(t('serverMessages.imageTooLarge'));
    setProblem(null);
    setPending(true);
    const result = await uploadProfileImage(api, file);
    setPending(false);
    if (!result.ok) return setProblem(profileMessage(result.message) ?? t('photo.failed'));
    setImage(result.data.data.profile.profile_image);
    onChanged({ ...result.data.data, message: result.data.message });
  };

  const initials = `${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`;
  return (
    <div className="profile-photo">
      {image ? <img src={image} alt={t('photo.alt')} width={96} height={96} /> : <span className="profile-initials" aria-hidden="true">{initials}</span>}
      <input ref={input} type="file" accept={PROFILE_IMAGE_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={(event) => void choose(event)} />
      <Button variant="ghost" pending={pending} onClick={() => input.current?.click()}>
        {image ? t('photo.change') : t('photo.add')}
      </Button>
      <ServerMessage message={problem} />
    </div>
  );
}
