import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ResolvedProduct } from '@xr/contract/scenes';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AssetViewer, viewsOf } from '../../../components/viewers/asset-viewer';
import { DocumentViewer } from '../../../components/viewers/document-viewer';
import { useSession } from '../../../lib/auth/session';
import { addToCart } from '../../../lib/cart';
import { feedback } from '../../../lib/feedback';
import { projectContentQuery } from '../api/project-content';
import { projectDetailsQuery } from '../api/project-details';
import { CartShortcut } from '../components/cart-shortcut';
import '../market.css';

/**
 * /view?id= (public, like the details page, with the same visibility rules): the project's content full screen —
 * its 360 tour or 3D scene, or its asset viewer — over the whole window, with a way back to the details page and
 * the cart (a 3D scene's product hotspots add to it).
 */
export default function ViewPage() {
  const { t } = useTranslation(['viewer', 'market', 'scene3d']);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const { token } = useSession();
  const signedIn = !!token;
  const content = useQuery({ ...projectContentQuery(id, signedIn), enabled: valid });
  const details = useQuery({ ...projectDetailsQuery(id, signedIn), enabled: valid });
  const back = `/product_details?id=${id}`;
  /** A product hotspot's "add to cart" (rejects when refused: the popup keeps its button and the HTTP client said why). */
  const addProduct = async (p: ResolvedProduct) => {
    const r = await addToCart({
      project_id: p.id,
      project_name: p.name,
      project_type: '',
      project_img: p.cover,
      project_price: p.price,
    });
    feedback.success(r.added ? t('scene3d:addedToCart') : t('scene3d:alreadyInCart'));
  };
  const data = content.data;
  const views = viewsOf(data);
  let body: ReactNode;
  if (!valid) body = <Result status="404" title={t('notFound')} />;
  else if (content.isLoading) body = <Spin style={{ display: 'block', margin: 48 }} />;
  else if (!data || data.access === 'none' || (!data.scene && views.length === 0))
    body = (
      <Result
        status="info"
        title={data?.message || t('notFound')}
        extra={
          <Link to={back}>
            <Button type="primary">{t('back')}</Button>
          </Link>
        }
      />
    );
  else if (data.scene)
    body = (
      <DocumentViewer
        projectId={id}
        scene={data.scene}
        audience={signedIn ? 'market-user' : 'market-visitor'}
        height="calc(100vh - 120px)"
        onAddToCart={addProduct}
      />
    );
  else body = views.map((v) => <AssetViewer key={v.src} {...v} height="calc(100vh - 60px)" />);
  return (
    <div className="xr-view-page" data-testid="view-page">
      <div className="xr-view-page__bar">
        <Link to={back} aria-label={t('back')}>
          <ArrowLeftOutlined /> {t('back')}
        </Link>
        <h1>{details.data?.name ?? ''}</h1>
        <div className="xr-view-page__cart">
          <CartShortcut />
        </div>
      </div>
      <div className="xr-view-page__body">{body}</div>
    </div>
  );
}
