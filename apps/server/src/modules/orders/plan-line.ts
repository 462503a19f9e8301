/**
 * The plan an order buys, as it was when the order was placed: the invoice shows it. Stored in the order
 * row; the plans module builds one (plans.service `forPurchase`), so it lives outside the table file.
 */
export interface StoredPlanLine {
  combo_id: number;
  names: { zh: string; tc: string; en: string };
  level: 'freemium' | 'member' | 'biz' | 'biz_plus' | 'enterprise';
  period: 'month' | 'quarter' | 'year';
  price_cents: number;
}
