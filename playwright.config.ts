import { defineConfig, devices } from '@playwright/test'
import { existsSync } from 'node:fs'

/** A dedicated port, so a stale dev server elsewhere is never reused by mistake. */
const PORT = Number(process.env.E2E_PORT ?? 4319)
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 4320)
/** The same relay over the offline service speaking the public docs' dialect. */
const DOCS_PORT = Number(process.env.E2E_DOCS_PORT ?? 4321)
/**
 * The journeys' browser: CHROME_PATH when set; else Debian's `chromium-headless-shell`, Chromium's
 * own headless build (the one Playwright runs headless with its downloaded browsers), when
 * installed; else the full Chromium. The full browser in headless mode draws a whole desktop
 * browser's UI and processes per page: measured here, 20 journeys on 3 workers took 35.5 s in it
 * and 19.0 s in the shell; `.ci/run` installs the shell.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const JOURNEY_BROWSER =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

const RELAY_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'e2e-session-secret-0123456789abcdef0123',
  // The relay learns the dialect from the answers, as in a real deployment.
  UPSTREAM_DIALECT: 'auto',
  // The offline service with its fixture accounts is a demo: say so, so an inherited
  // NODE_ENV=production does not stop it (server/host/config.ts).
  OFFLINE_DEMO: '1',
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Three on CI's 2 cores: a journey mostly waits (on the page, the relay, a timer). Measured on
  // this 2-core machine in the headless shell (JOURNEY_BROWSER): 428 passed in 8.7 min with three;
  // the slowest journey took 20 s of its 30.
  workers: process.env.CI ? 3 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Here a failed journey keeps its trace: every action with the page's DOM before and after
    // it (not the screencast: recording it costs every journey CPU, and the DOM shows the same).
    // Not in CI: a trace is recorded for every journey to keep the failed ones, 6–12 % of the
    // run's time, and a clean CI machine's files are never read; its log says what failed, and
    // `npx playwright test <spec>` here records the trace.
    trace: process.env.CI
      ? 'off'
      : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: JOURNEY_BROWSER,
      args: [
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  // Every journey runs against both dialects' offline services (the live service speaks the
  // docs' dialect, the spec another: a journey must work on either; docs/dialects.md), plus, once, in the docs' project, the
  // journeys that cross a difference between the two (docs-dialect.spec.ts). Not on the docs'
  // project: the static demo, whose relay runs in the page over the spec's offline service. (From 2026-11-23 to 11-24 the docs project skipped eight more specs
  // to keep the suite near ten minutes on a slower machine; all of them take 1.7 min more here.)
  projects: [
    {
      name: 'spec',
      use: { ...devices['Desktop Chrome'] },
      metadata: { dialect: 'spec' },
      testIgnore: /docs-dialect\.spec\.ts/,
    },
    {
      name: 'docs',
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${DOCS_PORT}` },
      metadata: { dialect: 'docs' },
      testIgnore: /demo\.spec\.ts/,
    },
  ],
  webServer: [
    {
      // The built SPA served by the real relay over the offline service.
      command: 'node dist-server/main.js',
      url: `http://localhost:${PORT}/healthz`,
      env: { ...RELAY_ENV, PORT: String(PORT) },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: 'node dist-server/main.js',
      url: `http://localhost:${DOCS_PORT}/healthz`,
      env: { ...RELAY_ENV, PORT: String(DOCS_PORT), OFFLINE_DIALECT: 'docs' },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The static demo build on a plain static server: no relay process at all.
      command: `npx vite preview --outDir dist-demo --port ${DEMO_PORT} --strictPort --host 127.0.0.1`,
      url: `http://localhost:${DEMO_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
