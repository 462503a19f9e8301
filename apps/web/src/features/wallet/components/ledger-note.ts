import { formatPrice } from '@xr/contract/format';

type T = (key: string, vars?: Record<string, unknown>) => string;

/** A sale's note as the server writes it: `<order> (<percent>% commission on <price>)`. */
const SALE = /^(\S+) \((\d+(?:\.\d+)?)% commission on (\d+(?:\.\d+)?)\)$/;
/** Notes the server writes in fixed words, by their translation key. */
const FIXED: Record<string, string> = { 'Demo welcome coins': 'coins.demoWelcome' };

/**
 * A ledger entry's note in the reader's language: the notes the server writes itself (a sale's commission, the demo
 * welcome coins) are recognised and translated; anything else (an administrator's reason, a payout method) is shown
 * as written.
 */
export function ledgerNote(note: string, t: T): string {
  const sale = SALE.exec(note);
  if (sale) return t('cash.saleNote', { order: sale[1], percent: sale[2], price: formatPrice(Number(sale[3])) });
  const fixed = FIXED[note];
  return fixed ? t(fixed) : note;
}
