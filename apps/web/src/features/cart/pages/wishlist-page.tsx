import { HeartFilled, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectionItem } from '@xr/contract/market';
import { Button, Card, Empty, Pagination, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProjectCard, ProjectCardSkeleton } from '../../../components/project-card';
import { addToCart, toggleWish, useCart } from '../../../lib/cart';
import { collectionPageQuery } from '../api/collection-page';
import '../cart.css';
import { useFeedback } from '../../../lib/feedback';

const PAGE = 12;

/** /wishlist: the projects the user wished for, with add to cart and remove from the wish list. */
export default function WishlistPage() {
  const { t } = useTranslation(['cart', 'common']);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(collectionPageQuery(page, PAGE));
  const { items: cart } = useCart();
  const [busy, setBusy] = useState<number | null>(null);

  const unwish = async (item: CollectionItem) => {
    setBusy(item.id);
    try {
      await toggleWish(item.id);
      void message.success(t('common:err.operationSuccessful'));
      await qc.invalidateQueries({ queryKey: ['cart', 'collection'] });
    } catch {
      // the HTTP client showed why
    } finally {
      setBusy(null);
    }
  };

  const add = async (item: CollectionItem) => {
    setBusy(item.id);
    try {
      await addToCart({
        project_id: item.id,
        project_name: item.name,
        project_type: item.catalog,
        project_img: item.cover,
        project_price: item.price,
      });
      void message.success(t('common:err.addedToCart'));
    } catch {
      // the HTTP client showed why
    } finally {
      setBusy(null);
    }
  };

  const data = list.data;
  return (
    <Card
      className="xr-cart-page"
      title={
        <span className="xr-cart-page__title">
          <HeartFilled className="xr-heart" /> {t('wishlist.title')}
        </span>
      }
      extra={data ? <span className="xr-muted">{t('wishlist.count', { count: data.total })}</span> : null}
    >
      {list.isPending ? (
        <div className="xr-pcard-grid">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <ProjectCardSkeleton key={i} />
          ))}
        </div>
      ) : data && data.list.length > 0 ? (
        <>
          <div className="xr-pcard-grid">
            {data.list.map((item) => {
              const inCart = cart.some((c) => c.project_id === item.id);
              return (
                <ProjectCard
                  key={item.id}
                  item={item}
                  badge={item.available ? null : <Tag>{t('cart:unavailable')}</Tag>}
                  actions={
                    <>
                      <Button
                        size="small"
                        type={inCart ? 'default' : 'primary'}
                        icon={<ShoppingCartOutlined />}
                        disabled={!item.available || inCart || busy === item.id}
                        onClick={() => void add(item)}
                      >
                        {inCart ? t('wishlist.inCart') : t('wishlist.addToCart')}
                      </Button>
                      <Button size="small" icon={<HeartOutlined />} loading={busy === item.id} onClick={() => void unwish(item)}>
                        {t('wishlist.remove')}
                      </Button>
                    </>
                  }
                />
              );
            })}
          </div>
          {data.total > PAGE ? (
            <Pagination
              className="xr-cart-page__pager"
              align="center"
              current={page}
              pageSize={PAGE}
              total={data.total}
              onChange={setPage}
            />
          ) : null}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wishlist.empty')}>
          <Button type="primary" onClick={() => navigate('/marke_place')}>
            {t('browse')}
          </Button>
        </Empty>
      )}
    </Card>
  );
}
