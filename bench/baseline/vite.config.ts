import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** Same toolchain and target as the app (vite.config.ts), nothing else. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, manifest: true },
})
