import { CloseOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { formatHkd } from '@xr/contract/money';
import { pickText, type SceneDetails, type SceneHotspot } from '@xr/contract/scenes';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langOf } from '../viewer-lang';
import { hotspotMediaUrl } from './scene-assets';

interface Props {
  hotspot: SceneHotspot;
  details: SceneDetails;
  onClose(): void;
  onAddToCart?(projectId: number): unknown;
}

/** A hotspot's content as a DOM card over the canvas: media, link, text, or a product with "add to cart". */
export function HotspotPopup({ hotspot, details, onClose, onAddToCart }: Props) {
  const { t, i18n } = useTranslation('scene3d');
  const lang = langOf(i18n);
  const title = pickText(hotspot.title, lang);
  const text = pickText(hotspot.text, lang);
  const url = hotspotMediaUrl(details, hotspot);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const product = hotspot.kind === 'product' ? details.products[String(hotspot.project_id)] : undefined;

  const add = async () => {
    if (hotspot.kind !== 'product' || !onAddToCart) return;
    setAdding(true);
    try {
      await onAddToCart(hotspot.project_id);
      setAdded(true);
    } catch {
      // the cart shows the server's message
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="xr-scene__popup" role="dialog" aria-label={title || t(`kind.${hotspot.kind}`)} data-testid="hotspot-popup">
      <div className="xr-scene__popup-head">
        <Typography.Text strong ellipsis>
          {title || t(`kind.${hotspot.kind}`)}
        </Typography.Text>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('close')} onClick={onClose} />
      </div>
      <div className="xr-scene__popup-body">
        {hotspot.kind === 'video' &&
          (url ? (
            // biome-ignore lint/a11y/useMediaCaption: creators' videos come without caption tracks
            <video src={url} controls autoPlay playsInline className="xr-scene__media" />
          ) : (
            <Typography.Text type="secondary">{t('mediaMissing')}</Typography.Text>
          ))}
        {hotspot.kind === 'audio' &&
          (url ? (
            // biome-ignore lint/a11y/useMediaCaption: creators' sounds come without caption tracks
            <audio src={url} controls autoPlay className="xr-scene__audio" />
          ) : (
            <Typography.Text type="secondary">{t('mediaMissing')}</Typography.Text>
          ))}
        {hotspot.kind === 'image' &&
          (url ? (
            <img src={url} alt={title} className="xr-scene__media" />
          ) : (
            <Typography.Text type="secondary">{t('mediaMissing')}</Typography.Text>
          ))}
        {hotspot.kind === 'product' &&
          (product ? (
            <div className="xr-scene__product" data-testid="product-card">
              {product.cover && <img src={product.cover} alt="" />}
              <Typography.Text strong>{product.name}</Typography.Text>
              <Typography.Text>HK${formatHkd(product.price)}</Typography.Text>
              {onAddToCart && (
                <Button
                  type="primary"
                  icon={<ShoppingCartOutlined />}
                  loading={adding}
                  disabled={!product.purchasable || added}
                  onClick={() => void add()}
                >
                  {added ? t('addedToCart') : product.purchasable ? t('addToCart') : t('notPurchasable')}
                </Button>
              )}
            </div>
          ) : (
            <Typography.Text type="secondary">{t('productMissing')}</Typography.Text>
          ))}
        {text && <Typography.Paragraph className="xr-scene__text">{text}</Typography.Paragraph>}
        {hotspot.kind === 'link' && (
          <a href={hotspot.url} target="_blank" rel="noopener noreferrer nofollow">
            {t('openLink')}
          </a>
        )}
      </div>
    </div>
  );
}
