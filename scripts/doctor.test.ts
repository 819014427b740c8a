import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROBE_CPF, formatReport, runDoctor } from './doctor-probe'
import { startService, type Running } from './testing/doctor-test-kit'

/**
 * `npm run doctor` against the offline service over real HTTP, in both dialects: it must name
 * the dialect, suggest the configuration, and change nothing on the service.
 */

describe.each(['spec', 'docs'] as const)('npm run doctor against the %s dialect', (dialect) => {
  let running: Running
  beforeAll(async () => {
    running = await startService(dialect)
  })
  afterAll(() => running.close())

  it('names the dialect and the configuration to set, touching nothing', async () => {
    const tenant = running.offline.model.allTenants[0]!
    const ordersBefore = running.offline.model.allTenants.map((t) => t.orders.length)
    const report = await runDoctor({
      upstream: running.url,
      origin: tenant.seed.origin,
      link: tenant.seed.referrers[0]
        ? `i${tenant.seed.referrers[0].number}-${tenant.seed.referrers[0].key}`
        : undefined,
      tryLogin: true,
    })
    expect(report.reachable).toBe(true)
    expect(report.dialect).toBe(dialect)
    expect(report.config).toContain(`UPSTREAM_DIALECT=${dialect}`)
    expect(report.config).toContain(`TENANT_ORIGIN=${tenant.seed.origin}`)
    // The public reads answered within the contract.
    expect(report.rows.find((r) => r.probe === 'parâmetros')?.ok).toBe(true)
    expect(report.rows.find((r) => r.probe === 'produtos e preços')?.ok).toBe(true)
    expect(report.rows.find((r) => r.probe === 'pedidos sem login')?.ok).toBe(true)
    // The link was accepted with the dialect's own separator.
    const separator = dialect === 'docs' ? '_' : ':'
    expect(report.rows.find((r) => r.probe === `link com "${separator}"`)?.ok).toBe(true)
    // Read-only: no order made, cancelled or paid, no recovery e-mail, nothing but GETs and the
    // one wrong-password login.
    expect(running.offline.model.allTenants.map((t) => t.orders.length)).toEqual(ordersBefore)
    const writes = running.requests.filter((r) => r.method !== 'GET')
    expect(writes.every((r) => r.method === 'POST' && r.path === '/oauth')).toBe(true)
    expect(running.requests.some((r) => r.path.startsWith('/order-external'))).toBe(false)
    expect(running.requests.some((r) => r.path === '/user')).toBe(false)
    expect(formatReport(report)).toContain(`Dialeto: ${dialect}`)
  })

  it('prints the webhook URL to register for the store’s public address, never a secret', async () => {
    const tenant = running.offline.model.allTenants[0]!
    const report = await runDoctor({
      upstream: running.url,
      origin: tenant.seed.origin,
      publicOrigin: 'https://www.loja.exemplo.com.br/qualquer/caminho',
    })
    const text = formatReport(report)
    expect(text).toContain('  https://www.loja.exemplo.com.br/webhooks/gestao?key=<WEBHOOK_SECRET>')
    expect(text).toContain('suporte@gestao-online.com')
    expect(report.config).toContain(
      `WEBHOOK_SECRETS=${tenant.seed.origin}=<segredo: openssl rand -hex 32>`,
    )
    // Without --public-origin, the store's origin; another WEBHOOK_PATH, that path.
    const moved = await runDoctor({
      upstream: running.url,
      origin: tenant.seed.origin,
      webhookPath: '/ganchos/go',
    })
    expect(formatReport(moved)).toContain(`${tenant.seed.origin}/ganchos/go?key=<WEBHOOK_SECRET>`)
    expect(moved.config).toContain('WEBHOOK_PATH=/ganchos/go')
  })

  it('says what a store without DEFAULT_P cannot do, and the line to set once a unit link is checked', async () => {
    const tenant = running.offline.model.allTenants[0]!
    const without = formatReport(
      await runDoctor({ upstream: running.url, origin: tenant.seed.origin }),
    )
    expect(without).toContain('DEFAULT_P: sem ele, quem chega sem link')
    expect(without).not.toMatch(/^\s*DEFAULT_P=/m)
    const unit = tenant.seed.defaultUnitRef
    const checked = await runDoctor({
      upstream: running.url,
      origin: tenant.seed.origin,
      link: unit,
    })
    expect(checked.config).toContain(`DEFAULT_P=${unit}`)
    expect(formatReport(checked)).not.toContain('DEFAULT_P: sem ele')
  })

  it('logs in with no one: the probe CPF has no account', () => {
    const tenant = running.offline.model.allTenants[0]!
    expect(tenant.users.some((u) => u.user.document.replace(/\D/g, '') === PROBE_CPF)).toBe(false)
  })
})

describe('npm run doctor against nothing', () => {
  it('says the upstream did not answer', async () => {
    const report = await runDoctor({
      upstream: 'http://127.0.0.1:9',
      origin: 'https://loja.exemplo.com.br',
      timeoutMs: 2_000,
    })
    expect(report.reachable).toBe(false)
    expect(report.dialect).toBe('indeterminado')
  })
})
