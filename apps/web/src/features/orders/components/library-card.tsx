import { BookOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Pager } from '../../../components/pager';
import { hkd } from '../../../components/price-tag';
import { ProjectCover } from '../../../components/project-card';
import { formatDay } from '../../../lib/dates';
import { fullScreenViewerUrl } from '../../../lib/viewer-url';
import { libraryQuery } from '../api/library';
import '../orders.css';

const PAGE = 6;

/** The buyer library (GET /order/library): the projects this user bought, for the profile page. */
export function LibraryCard() {
  const { t } = useTranslation(['orders', 'market']);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const library = useQuery(libraryQuery(page, PAGE));
  const data = library.data;

  return (
    <Card
      className="xr-panel xr-panel--wide xr-library"
      title={
        <span className="xr-panel__title">
          <span className="xr-panel__icon">
            <BookOutlined />
          </span>
          {t('library.title')}
        </span>
      }
      extra={data?.total ? <Link to="/orderlist">{t('library.orders')}</Link> : null}
      data-testid="library-card"
    >
      {library.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : data && data.list.length > 0 ? (
        <>
          <ul className="xr-library__list">
            {data.list.map((item) => (
              <li key={item.project_id}>
                <Link to={`/product_details?id=${item.project_id}`} className="xr-library__item">
                  <span className="xr-library__thumb">
                    <ProjectCover src={item.cover} name={item.name} id={item.project_id} />
                  </span>
                  <span className="xr-library__info">
                    <span className="xr-library__name">{item.name}</span>
                    <span className="xr-library__meta">
                      {t(`market:catalog.${item.catalog}`)} · {item.creator.name}
                      <br />
                      {t('library.bought', { time: formatDay(item.purchased_at), price: hkd(item.price_paid) })}
                    </span>
                  </span>
                </Link>
                <a href={fullScreenViewerUrl(item.project_id)} className="xr-library__view" data-testid="library-view">
                  <EyeOutlined /> {t('library.view')}
                </a>
              </li>
            ))}
          </ul>
          {data.total > PAGE ? (
            // the public pages' pager: antd's Pagination would bring its page-size Select into /profile's first load
            <Pager
              size="small"
              align="end"
              className="xr-mt"
              current={page}
              pageSize={PAGE}
              total={data.total}
              onChange={setPage}
            />
          ) : null}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('library.empty')}>
          <Button type="primary" onClick={() => navigate('/marke_place')}>
            {t('library.browse')}
          </Button>
        </Empty>
      )}
    </Card>
  );
}
