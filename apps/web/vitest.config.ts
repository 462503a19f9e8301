import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractMessages } from './build/contract-messages';

export default defineConfig({
  plugins: [react(), contractMessages()],
  test: {
    name: 'web',
    root: __dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
