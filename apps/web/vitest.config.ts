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
    // jsdom renders of antd screens take ~1 s on a quiet machine and 20 s+ on a loaded 2-core CI box: the server's limit.
    testTimeout: 30_000,
  },
});
