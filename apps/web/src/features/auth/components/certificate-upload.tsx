import { CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import { CERTIFICATE_MAX_BYTES } from '@xr/contract/constants';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/zod-rules';
import { useFeedback } from '../../../lib/feedback';
import { uploadRegisterCertificate } from '../api/register-certificate-upload';

interface Props {
  /** The stored certificate's key. */
  value?: string;
  onChange?: (key: string | undefined) => void;
}

const ACCEPT = '.pdf,.png,.jpg,.jpeg';

/** Organisation certificate: uploads at once and keeps the returned key as the form value. */
export function CertificateUpload({ value, onChange }: Props) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const [name, setName] = useState<string>();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (file.size > CERTIFICATE_MAX_BYTES) {
      void message.error(t('register.certificateTooLarge', { mb: CERTIFICATE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setBusy(true);
    try {
      const key = await uploadRegisterCertificate(file);
      setName(file.name);
      onChange?.(key);
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="xr-cert">
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value ? t('register.certificateReplace') : t('register.certificateUpload')}
        </Button>
      </Upload>
      {value ? (
        <span className="xr-cert__done">
          <CheckCircleFilled /> {name ?? t('register.certificateUploaded')}
        </span>
      ) : (
        <span className="xr-cert__hint">{t('register.certificateHint', { mb: CERTIFICATE_MAX_BYTES / 1024 / 1024 })}</span>
      )}
    </div>
  );
}
