import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchSceneDetails, sceneKeys } from '../../../components/api/scenes';
import { addToCart } from '../../../lib/cart';
import { feedback } from '../../../lib/feedback';

const SceneViewer = lazy(() => import('../../../components/viewers/scene3d/scene-viewer'));

/**
 * /scene_view?id=<project>: a 3D scene full-page (the version the visitor may see: published for visitors and
 * buyers, the draft for its creator). Product hotspots add to the cart. three.js loads only here (lazy chunk).
 */
export default function SceneViewPage() {
  const { t } = useTranslation('scene3d');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const details = useQuery({
    queryKey: sceneKeys.details(id),
    queryFn: ({ signal }) => fetchSceneDetails(id, undefined, signal),
    enabled: valid,
    retry: false,
  });
  if (!valid) return <Result status="warning" title={t('errors.noProject')} />;
  if (details.isPending) return <Spin size="large" className="xr-scene-page__spin" />;
  if (details.isError)
    return (
      <Result
        status="error"
        title={t('errors.load')}
        subTitle={details.error.message}
        extra={<Button onClick={() => void details.refetch()}>{t('retry')}</Button>}
      />
    );
  if (details.data.kind !== 'scene') return <Result status="warning" title={t('errors.notScene')} />;
  const products = details.data.products;
  return (
    <Suspense fallback={<Spin size="large" />}>
      <SceneViewer
        details={details.data}
        height="calc(100vh - 160px)"
        onAddToCart={async (projectId) => {
          const p = products[String(projectId)];
          if (!p) return;
          const r = await addToCart({
            project_id: p.id,
            project_name: p.name,
            project_type: '',
            project_img: p.cover,
            project_price: p.price,
          });
          feedback.success(r.added ? t('addedToCart') : t('alreadyInCart'));
        }}
      />
    </Suspense>
  );
}
