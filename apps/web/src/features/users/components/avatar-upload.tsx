import { CameraOutlined, LoadingOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES } from '@xr/contract/constants';
import { Avatar, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { useUpAvatar } from '../api/up-avatar';

interface Props {
  src?: string;
  name: string;
  size?: number;
}

/** The profile picture; click to upload a new one (JPEG, PNG or WebP up to 2 MB). */
export function AvatarUpload({ src, name, size = 96 }: Props) {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const upload = useUpAvatar();

  const onFile = async (file: File) => {
    if (!/^image\/(jpeg|png|webp|gif)$/.test(file.type)) {
      void message.error(t('about.avatarType'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t('about.avatarSize', { mb: AVATAR_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      await upload.mutateAsync(file);
      void message.success(t('about.avatarDone'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Upload
      accept="image/jpeg,image/png,image/webp,image/gif"
      showUploadList={false}
      beforeUpload={(file) => {
        void onFile(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <button type="button" className="xr-avatar-upload" aria-label={t('about.changeAvatar')} title={t('about.changeAvatar')}>
        <Avatar size={size} src={src || undefined} className="xr-avatar-upload__img">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="xr-avatar-upload__overlay">{upload.isPending ? <LoadingOutlined /> : <CameraOutlined />}</span>
      </button>
    </Upload>
  );
}
