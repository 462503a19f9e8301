/**
 * The demo wallet moved to the demo-content package with the rest of the demo data; this re-export keeps the wallet
 * module's test importing it from here until that test imports `@xr/demo-content/wallet` itself.
 */
export { seedWalletDemo } from '@xr/demo-content/wallet';
