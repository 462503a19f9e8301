import type { MergeCartReply } from '@xr/contract/cart';
import { CART_LOAD_LIMIT, ERROR_TOAST_MS, ORDER_ITEMS_MAX } from '@xr/contract/constants';
import type { CollectionReply } from '@xr/contract/market';
import { feedback } from './feedback';
import { hasToken, http } from './http';
import i18n from './i18n';
import { createStore, localArea, readJson, writeJson } from './store';

/** A cart row (spec section 3 "Cart item"). */
export interface CartItem {
  id: number;
  project_id: number;
  project_name: string;
  project_type: string;
  project_img: string;
  project_price: number | string;
  is_Collection: boolean | number;
  /** False when the project left the market: the line stays until removed but cannot be checked out. */
  available?: boolean;
}

export interface CartState {
  items: CartItem[];
  loaded: boolean;
}

const store = createStore<CartState>({ items: [], loaded: false });

/** Cart rows and whether they were loaded; re-renders on change. */
export function useCart(): CartState {
  return store.use();
}

/** Number of items in the cart (the badge caps the display at 99). */
export function useCartCount(): number {
  return store.use().items.length;
}

export function getCart(): CartState {
  return store.get();
}

/** Replaces the rows after a local change (remove, wish toggle) without a reload. */
export function setCartItems(items: CartItem[]): void {
  store.set({ items, loaded: true });
}

let pending: Promise<CartItem[]> | null = null;

/** Forgets the cart, and a load still running for the session that ended (the next load asks again). */
export function resetCart(): void {
  pending = null;
  store.set({ items: [], loaded: false });
}

/**
 * GET /shopping_cart/cart_page?page=1&limit=9999 (spec section 7). Visitors have no server cart; a failed
 * call counts as an empty cart and shows nothing. Concurrent callers share one request.
 */
export function loadCart(): Promise<CartItem[]> {
  if (pending) return pending;
  const mine = fetchCart().finally(() => {
    if (pending === mine) pending = null;
  });
  pending = mine;
  return mine;
}

async function fetchCart(): Promise<CartItem[]> {
  if (!hasToken()) {
    const visitor = readVisitorCart();
    setCartItems(visitor);
    return visitor;
  }
  await mergeVisitorCart();
  let items: CartItem[] = [];
  try {
    const data = await http.get<unknown>('/shopping_cart/cart_page', { page: 1, limit: CART_LOAD_LIMIT }, { silent: true });
    const list = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
    items = Array.isArray(list) ? (list as CartItem[]) : [];
  } catch {
    items = [];
  }
  setCartItems(items);
  return items;
}

// ---------- the visitor cart (kept in the browser, merged into the account's cart at sign-in) ----------

/** localStorage key of the visitor cart. */
export const VISITOR_CART_KEY = 'xr_visitor_cart';

/** What a page knows about a project when it adds it to the cart. */
export type CartProject = Omit<CartItem, 'id' | 'is_Collection' | 'available'>;

function readVisitorCart(): CartItem[] {
  const raw = readJson<unknown>(localArea, VISITOR_CART_KEY, []);
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (i): i is CartItem =>
      typeof i === 'object' && i !== null && Number.isInteger((i as CartItem).project_id) && (i as CartItem).project_id > 0,
  );
}

function writeVisitorCart(items: CartItem[]): void {
  if (items.length) writeJson(localArea, VISITOR_CART_KEY, items);
  else localArea?.removeItem(VISITOR_CART_KEY);
}

/**
 * POST /shopping_cart/merge_cart with the visitor cart, then forgets it. Items the account cannot buy (its own,
 * already owned, withdrawn) are named in one warning. On a failed call the browser cart is kept for next time.
 */
async function mergeVisitorCart(): Promise<void> {
  const local = readVisitorCart();
  if (!local.length) return;
  try {
    const reply = await http.post<MergeCartReply>(
      '/shopping_cart/merge_cart',
      { project_ids: local.map((i) => i.project_id) },
      { silent: true },
    );
    writeVisitorCart([]);
    const skipped = reply?.skipped ?? [];
    if (skipped.length) feedback.warning(skipped.map((s) => s.message).join('\n'), ERROR_TOAST_MS / 1000);
  } catch {
    // kept in the browser; merged at the next load
  }
}

/**
 * Adds a project to the cart: POST /shopping_cart/add_cart when signed in, else the browser cart (a visitor
 * may fill a cart, spec section 1). Resolves with whether it was new; a refused add rejects (server message shown).
 */
export async function addToCart(project: CartProject): Promise<{ added: boolean }> {
  const { items } = store.get();
  if (items.some((i) => i.project_id === project.project_id)) return { added: false };
  if (hasToken()) {
    const row = await http.post<CartItem>('/shopping_cart/add_cart', { project_id: project.project_id });
    const now = store.get().items;
    if (!now.some((i) => i.project_id === row.project_id)) setCartItems([...now, row]);
    return { added: true };
  }
  const visitor = readVisitorCart();
  if (visitor.length >= ORDER_ITEMS_MAX) {
    const message = i18n.t('common:v.tooManyItems');
    feedback.warning(message);
    throw new Error(message);
  }
  const next = [
    ...visitor.filter((i) => i.project_id !== project.project_id),
    { ...project, id: project.project_id, is_Collection: false, available: true },
  ];
  writeVisitorCart(next);
  setCartItems(next);
  return { added: true };
}

/** Removes a cart line: POST /shopping_cart/del_cart {cart_id} when signed in, else from the browser cart. */
export async function removeFromCart(item: CartItem): Promise<void> {
  if (hasToken()) await http.post('/shopping_cart/del_cart', { cart_id: item.id });
  else writeVisitorCart(readVisitorCart().filter((i) => i.project_id !== item.project_id));
  setCartItems(store.get().items.filter((i) => i.project_id !== item.project_id));
}

/**
 * POST /collection/add_collection (wish toggle, signed in only). After a success reply the matching cart line's
 * `is_Collection` follows locally (spec section 4). Resolves with the new state.
 */
export async function toggleWish(projectId: number): Promise<boolean> {
  const reply = await http.post<CollectionReply>('/collection/add_collection', {
    project_id: projectId,
  });
  const value = !!reply?.is_collection;
  const { items, loaded } = store.get();
  if (items.some((i) => i.project_id === projectId)) {
    store.set({ loaded, items: items.map((i) => (i.project_id === projectId ? { ...i, is_Collection: value } : i)) });
  }
  return value;
}
