/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "1" in the static demo build (`npm run build:demo`). */
  readonly VITE_DEMO?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
