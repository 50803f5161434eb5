import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // Build tests run the real Vike build in temporary copies of the project.
    hookTimeout: 180_000,
  },
});
