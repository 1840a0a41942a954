import { useTranslation } from 'react-i18next';
import { type ProfileChange } from '../../../machines/profileEdit';
import { removeProfileImage, uploadProfileImage } from '../../api/accountProfile';
import { type ProfileDetails } from '../../domain/contract/profile';
import { usePortal } from '../../app/portal';
import { PhotoPicker, type PhotoResult } from './PhotoPicker';

/** The customer's own photo: a change also updates the signed-in session (the header shows it). */
export function ProfilePhoto({ profile, onChanged }: { profile: ProfileDetails; onChanged: (change: ProfileChange) => void }) {
  const { t } = useTranslation('profile');
  const { api } = usePortal();
  const change = async (call: ReturnType<typeof uploadProfileImage>): Promise<PhotoResult> => {
    const result = await call;
    if (!result.ok) return { ok: false, message: result.message };
    onChanged({ ...result.data.data, message: result.data.message });
    return { ok: true, image: result.data.data.profile.profile_image };
  };
  return (
    <PhotoPicker
      image={profile.profile_image}
      initials={`${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`}
      alt={t('photo.alt')}
      size={96}
      labels={{ add: t('photo.add'), change: t('photo.change'), remove: t('photo.remove') }}
      upload={(file) => change(uploadProfileImage(api, file))}
      remove={() => change(removeProfileImage(api))}
    />
  );
}
