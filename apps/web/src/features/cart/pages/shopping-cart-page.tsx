import { ShoppingCartOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { CartPanel } from '../../../components/cart-dialog';
import '../cart.css';

/** /shoppingcart: the cart as a full page, with the dialog's actions and checkout (spec section 2). */
export default function ShoppingCartPage() {
  const { t } = useTranslation('cart');
  return (
    <Card
      className="xr-cart-page"
      title={
        <span className="xr-cart-page__title">
          <ShoppingCartOutlined /> {t('title')}
        </span>
      }
    >
      <p className="xr-muted xr-cart-page__intro">{t('pageIntro')}</p>
      <CartPanel variant="page" />
    </Card>
  );
}
