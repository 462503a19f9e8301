import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HotspotAction } from './tour-logic';

type PopupAction = Exclude<HotspotAction, { type: 'scene' }>;

/**
 * What a hotspot opens: the picture, the video or the sound with its title and text, a text card, or — for a link —
 * a confirmation that shows the address before it opens in a new tab (without access to this page: `noopener`).
 * Esc or the close button closes it.
 */
export function HotspotPopup({ action, onClose }: { action: PopupAction | null; onClose(): void }) {
  const { t } = useTranslation('tour');
  if (!action) return null;
  const title = action.title || t(`kind.${action.type === 'link' ? 'link' : action.kind}`);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={action.type === 'popup' && (action.kind === 'image' || action.kind === 'video') ? 820 : 480}
      footer={
        action.type === 'link'
          ? [
              <Button key="cancel" onClick={onClose}>
                {t('popup.stay')}
              </Button>,
              <Button
                key="open"
                type="primary"
                href={action.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onClose}
                data-testid="hotspot-link-open"
              >
                {t('popup.openLink')}
              </Button>,
            ]
          : null
      }
    >
      <div data-testid="hotspot-popup" data-kind={action.type === 'link' ? 'link' : action.kind}>
        {action.type === 'link' ? (
          <>
            <p>{t('popup.leaving')}</p>
            <Typography.Text code copyable data-testid="hotspot-link-url">
              {action.url}
            </Typography.Text>
          </>
        ) : (
          <PopupMedia action={action} />
        )}
        {action.text ? <p className="xr-tour-popup__text">{action.text}</p> : null}
      </div>
    </Modal>
  );
}

function PopupMedia({ action }: { action: Extract<PopupAction, { type: 'popup' }> }) {
  const { t } = useTranslation('tour');
  if (action.kind === 'text') return null;
  if (!action.url) return <p className="xr-muted">{t('popup.mediaMissing')}</p>;
  if (action.kind === 'image') return <img src={action.url} alt={action.title} className="xr-tour-popup__image" />;
  if (action.kind === 'video')
    // biome-ignore lint/a11y/useMediaCaption: user content without caption tracks
    return <video src={action.url} controls autoPlay className="xr-tour-popup__video" data-testid="hotspot-video" />;
  // biome-ignore lint/a11y/useMediaCaption: user content without caption tracks
  return <audio src={action.url} controls autoPlay className="xr-tour-popup__audio" data-testid="hotspot-audio" />;
}
