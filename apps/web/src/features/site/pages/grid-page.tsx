import { useQuery } from '@tanstack/react-query';
import { CATALOGS } from '@xr/contract/constants';
import { Button, Empty, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ProjectCard, ProjectCardSkeleton } from '../../../components/project-card';
import { featuredQuery } from '../api/featured';
import { PageHero } from '../components/page-hero';
import '../site.css';

const PAGE = 12;
/** The largest page the API serves is 100: the grid grows in steps of 12 up to 96, then points to the market. */
const MAX = 96;

/** `/grid` (docs/decisions/0002-navigation-and-public-paths.md): a public showcase grid of featured works — the best-rated projects, by category. */
export default function GridPage() {
  const { t } = useTranslation(['site-pages', 'market']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const catalog = CATALOGS.some((c) => c.value === params.get('catalog')) ? (params.get('catalog') as string) : 'all';
  const [pages, setPages] = useState(1);
  const works = useQuery(featuredQuery('rating', Math.min(PAGE * pages, MAX), 1, catalog === 'all' ? undefined : catalog));
  const list = Array.isArray(works.data?.list) ? works.data.list : [];

  return (
    <div className="xr-site">
      <PageHero eyebrow={t('grid.eyebrow')} title={t('grid.title')} subtitle={t('grid.subtitle')} />
      <div className="xr-grid-tabs">
        <Segmented
          value={catalog}
          onChange={(v) => {
            setPages(1);
            setParams(v === 'all' ? {} : { catalog: String(v) });
          }}
          options={[
            { value: 'all', label: t('market:catalog.all') },
            ...CATALOGS.map((c) => ({ value: c.value, label: t(`market:catalog.${c.value}`) })),
          ]}
        />
      </div>
      {works.isPending ? (
        <div className="xr-pcard-grid">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <ProjectCardSkeleton key={i} />
          ))}
        </div>
      ) : list.length ? (
        <>
          <div className="xr-pcard-grid">
            {list.map((item) => (
              <ProjectCard key={item.id} item={item} />
            ))}
          </div>
          <div className="xr-grid-more">
            {works.data && works.data.total > list.length && list.length < MAX ? (
              <Button size="large" loading={works.isFetching} onClick={() => setPages((p) => p + 1)}>
                {t('grid.more')}
              </Button>
            ) : (
              <Button size="large" type="primary" onClick={() => navigate('/marke_place')}>
                {t('grid.market')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('grid.empty')}>
          <Button type="primary" onClick={() => navigate('/marke_place')}>
            {t('grid.market')}
          </Button>
        </Empty>
      )}
    </div>
  );
}
