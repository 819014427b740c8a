import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { relayDevPlugin } from './server/dev-plugin'

export default defineConfig({
  plugins: [react(), relayDevPlugin()],
  server: { port: 5173, strictPort: false },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
})
