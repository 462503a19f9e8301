/** Business constants of spec section 9 plus the few the spec leaves to us (marked "ours"). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64; // ours
export const FORUM_NAME_MAX = 10;
export const USERNAME_MAX = 32; // ours
export const LIVE_PASSWORD_LENGTH = 6;
export const META_WEIGHT_MAX = 999;
export const CART_LOAD_LIMIT = 9999;
export const CART_BADGE_MAX = 99;
export const REQUEST_TIMEOUT_MS = 500_000;
export const ERROR_TOAST_MS = 5000;
export const CART_SIGNIN_DELAY_MS = 500;
export const MOBILE_BREAKPOINT = 992;
export const MOBILE_WARNING_WIDTH = 768;
export const SIDEBAR_WIDTH = 210;
export const PAGE_LIMIT_MAX = 100; // ours: largest page a list call serves (the cart is the exception)
/** Largest id any call accepts: ids are PostgreSQL `integer` (serial) columns. */
export const ID_MAX = 2_147_483_647;
/** Largest page number any list accepts (with the largest limit the offset stays far inside every integer type). Ours. */
export const PAGE_MAX = 10_000;
export const CURRENCY = 'HKD';
/** Free trial for new accounts. The spec reads one month (tour) or 2 months (plans); we grant one month. */
export const FREE_TRIAL_DAYS = 30;
export const EMAIL_CODE_TTL_MIN = 10; // ours
export const EMAIL_CODE_LENGTH = 6; // ours
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024; // ours
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024; // ours
/** Largest cover or "more images" picture of a project (PNG, JPEG or WebP). Ours. */
export const PROJECT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Most uploaded project pictures one user may hold that no project uses yet (unused ones go after a day). Ours. */
export const PROJECT_IMAGE_PENDING_MAX = 50;
export const PAYMENT_METHODS = [
  { value: 'Alipay', label: 'Alipay' },
  { value: 'Wechat', label: 'Wechat' },
  { value: 'CUP', label: 'UnionPay' },
  { value: 'CreditCard', label: 'CreditCard' },
  { value: 'Fps', label: 'Fps' },
] as const;
/** Market categories (spec: All / 360VR Image / 360VR Video / 3D Model / Multimedia); `label` is the English name. */
export const CATALOGS = [
  { value: '360_image', label: '360VR Image' },
  { value: '360_video', label: '360VR Video' },
  { value: '3d_model', label: '3D Model' },
  { value: 'multimedia', label: 'Multimedia' },
] as const;
export type Catalog = (typeof CATALOGS)[number]['value'];
export const CATALOG_VALUES = CATALOGS.map((c) => c.value) as [Catalog, ...Catalog[]];
/** Pay type of an order whose amount is 0 (spec section 9). */
export const FREE_PAY_TYPE = 'Free';
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];
export const PAYMENT_METHOD_VALUES = PAYMENT_METHODS.map((m) => m.value) as [PaymentMethod, ...PaymentMethod[]];
/** Most items one order (or one visitor-cart merge) may hold. Ours. */
export const ORDER_ITEMS_MAX = 100;
export const PRODUCT_NAME = 'XR Studio';
/** localStorage keys (spec: token, user email, profile icon; plus the language). */
export const STORAGE_KEYS = {
  token: 'xr_token',
  email: 'xr_email',
  avatar: 'xr_avatar',
  lang: 'xr_lang',
  theme: 'xr_theme',
  errorLog: 'xr_error_log',
  tags: 'xr_tags',
  tourDone: 'xr_tour_done',
} as const;
/** Cookie names of the sidebar state (spec section 4). */
export const COOKIE_KEYS = { sidebarStatus: 'sidebarStatus', size: 'size' } as const;
