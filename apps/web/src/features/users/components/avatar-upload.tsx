import { CameraOutlined, LoadingOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES } from '@xr/contract/constants';
import Avatar from 'antd/es/avatar/Avatar';
import { type DragEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { useUpAvatar } from '../api/up-avatar';

interface Props {
  src?: string;
  name: string;
  size?: number;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * The profile picture; click (or drop a file on it) to upload a new one (JPEG, PNG or WebP up to 2 MB). A native file
 * input does what antd's Upload did here (no upload list): antd's Upload and Progress stay out of /profile's first
 * load.
 */
export function AvatarUpload({ src, name, size = 96 }: Props) {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const upload = useUpAvatar();
  const input = useRef<HTMLInputElement>(null);

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

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) void onFile(file);
  };

  return (
    <span className="xr-avatar-upload__wrap">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="avatar-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // the same file can be chosen again after a refusal
          e.target.value = '';
          if (file) void onFile(file);
        }}
      />
      <button
        type="button"
        className="xr-avatar-upload"
        aria-label={t('about.changeAvatar')}
        title={t('about.changeAvatar')}
        onClick={() => input.current?.click()}
        onDragOver={(e) => e.preventDefault()}
        onDrop={onDrop}
      >
        <Avatar size={size} src={src || undefined} className="xr-avatar-upload__img">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="xr-avatar-upload__overlay">{upload.isPending ? <LoadingOutlined /> : <CameraOutlined />}</span>
      </button>
    </span>
  );
}
