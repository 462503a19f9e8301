import './ar-qr.css';
import { Modal, QRCode } from 'antd';
import { arPageUrl } from './ar-support';
import type { ArTexts } from './ar-texts';

/** The desktop's "View in AR": a QR code of this page with `ar=1`, which opens the AR view on a phone. */
export function ArQrDialog({ texts, tabletop, onClose }: { texts: ArTexts; tabletop: boolean; onClose(): void }) {
  return (
    <Modal open title={texts.button} footer={null} onCancel={onClose} width={360} centered>
      <figure className="xr-ar-qr" data-testid="ar-qr">
        <QRCode value={arPageUrl(window.location.href)} size={200} bordered={false} />
        <figcaption>{texts.qrHint}</figcaption>
      </figure>
      <p className="xr-muted xr-ar-qr__scale">{tabletop ? texts.tabletop : texts.realScale}</p>
    </Modal>
  );
}
