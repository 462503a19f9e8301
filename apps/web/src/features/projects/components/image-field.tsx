import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from './upload-progress';

interface SingleProps {
  value?: string;
  onChange?(value: string): void;
}

/** The cover image: one uploaded image (an antd form control). */
export function CoverField({ value, onChange }: SingleProps) {
  const { t } = useTranslation('projects');
  return (
    <Flex gap={12} align="flex-start" wrap>
      {value && <Image src={value} width={120} height={68} style={{ objectFit: 'cover', borderRadius: 6 }} alt="" />}
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t('form.coverUrl')}
        aria-label={t('form.coverUrl')}
        style={{ flex: '1 1 240px', minWidth: 0 }}
      />
      <UploadProgress
        kind="image"
        accept="image/png,image/jpeg,image/webp"
        label={t('form.chooseCover')}
        onUploaded={(url) => onChange?.(url)}
      />
    </Flex>
  );
}

interface ListProps {
  value?: string[];
  onChange?(value: string[]): void;
}

/** More images: uploaded images, each removable. */
export function ImagesField({ value = [], onChange }: ListProps) {
  const { t } = useTranslation('projects');
  return (
    <div>
      <Flex gap={8} wrap className="xr-mb">
        {value.map((src) => (
          <div key={src} className="xr-thumb">
            <Image src={src} width={88} height={60} style={{ objectFit: 'cover', borderRadius: 6 }} alt="" />
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              aria-label={t('form.removeImage')}
              className="xr-thumb__remove"
              onClick={() => onChange?.(value.filter((v) => v !== src))}
            />
          </div>
        ))}
      </Flex>
      <UploadProgress
        key={value.length}
        kind="image"
        accept="image/png,image/jpeg,image/webp"
        label={t('form.addImage')}
        onUploaded={(url) => onChange?.([...value, url])}
      />
    </div>
  );
}
