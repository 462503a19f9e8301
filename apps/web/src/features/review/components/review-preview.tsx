import { formatPrice } from '@xr/contract/format';
import { Descriptions, Drawer, Empty, Image, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetViewer, viewsOf } from '../../../components/viewers/asset-viewer';
import { DocumentViewer } from '../../../components/viewers/document-viewer';
import { usePreviewContent } from '../api/preview-assets';
import type { ReviewItem } from '../api/types';

/** The review preview: the project's fields and its content in the 360 / 3D viewer. */
export function ReviewPreview({ item, onClose, actions }: { item: ReviewItem; onClose(): void; actions: ReactNode }) {
  const { t } = useTranslation('review');
  const content = usePreviewContent(item.id);
  const views = viewsOf(content.data);
  const processing = item.assets.filter((a) => a.status !== 'ready');
  return (
    <Drawer open onClose={onClose} title={item.name} size="large" destroyOnHidden extra={actions}>
      {content.isLoading ? (
        <Skeleton.Node active style={{ width: '100%', height: 360 }} />
      ) : item.scene || content.data?.scene ? (
        // a scene document: the version under review (approval publishes it), in its viewer
        <DocumentViewer
          projectId={item.id}
          scene={item.scene ?? content.data!.scene!}
          audience="review"
          version={item.scene?.version}
          height={420}
        />
      ) : views.length ? (
        <Space orientation="vertical" style={{ width: '100%' }} size={16}>
          {views.map((v) => (
            <div key={v.src}>
              <Typography.Text type="secondary">{v.caption}</Typography.Text>
              <AssetViewer {...v} height={360} errorText={t('viewerFailed')} />
            </div>
          ))}
        </Space>
      ) : (
        <Empty description={t('noContent')} />
      )}
      {processing.length > 0 && (
        <Typography.Paragraph type="warning" className="xr-mt">
          {t('stillProcessing', { count: processing.length })}
        </Typography.Paragraph>
      )}
      <Descriptions
        className="xr-mt"
        column={1}
        size="small"
        bordered
        items={[
          { key: 'cover', label: t('cover'), children: item.cover ? <Image src={item.cover} width={160} alt="" /> : '—' },
          { key: 'owner', label: t('owner'), children: item.creator.name },
          { key: 'catalog', label: t('catalog'), children: t(`catalogs.${item.catalog}`) },
          { key: 'price', label: t('price'), children: formatPrice(item.price) },
          { key: 'keywords', label: t('keywords'), children: item.keywords },
          {
            key: 'switches',
            label: t('switches'),
            children: (
              <Space wrap>
                {item.for_sale && <Tag color="gold">{t('forSale')}</Tag>}
                {item.is_public && <Tag color="blue">{t('isPublic')}</Tag>}
                {item.anonymous_preview && <Tag>{t('anonymousPreview')}</Tag>}
              </Space>
            ),
          },
          { key: 'desc', label: t('description'), children: <Typography.Paragraph>{item.description}</Typography.Paragraph> },
        ]}
      />
    </Drawer>
  );
}
