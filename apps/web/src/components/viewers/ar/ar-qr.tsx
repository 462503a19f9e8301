import './ar.css';
import { Modal, QRCode } from 'antd';
import { useTranslation } from 'react-i18next';
import { arPageUrl } from './ar-support';

/** The desktop's "View in AR": a QR code of this page with `ar=1`, which opens the AR view on a phone. */
export function ArQrDialog({ tabletop, onClose }: { tabletop: boolean; onClose(): void }) {
  const { t } = useTranslation('ar');
  return (
    <Modal open title={t('button')} footer={null} onCancel={onClose} width={360} centered>
      <figure className="xr-ar-qr" data-testid="ar-qr">
        <QRCode value={arPageUrl(window.location.href)} size={200} bordered={false} />
        <figcaption>{t('qrHint')}</figcaption>
      </figure>
      <p className="xr-muted xr-ar-qr__scale">{tabletop ? t('tabletop') : t('realScale')}</p>
    </Modal>
  );
}
