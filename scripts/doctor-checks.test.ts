import { afterEach, describe, expect, it } from 'vitest'
import type { Dialect } from '../common/contract/upstream/dialect'
import { formatReport, runDoctor, type DoctorReport } from './doctor-probe'
import { textKind } from './doctor-checks'
import { startService, type Running } from './testing/doctor-test-kit'

/**
 * What `npm run doctor` reads off a service beyond the dialect (doctor-checks.ts): parameters
 * in pages, how the terms are written, payment options the store cannot take online, a link's
 * prices; and what it says only a real order can show. Over real HTTP against the offline
 * service, some answers rewritten as a live service may give them; never a write.
 */

let running: Running | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function doctor(
  dialect: Dialect,
  rewrite?: Parameters<typeof startService>[1],
): Promise<{ report: DoctorReport; service: Running }> {
  running = await startService(dialect, rewrite)
  const tenant = running.offline.model.allTenants[0]!
  const referrer = tenant.seed.referrers[0]!
  const report = await runDoctor({
    upstream: running.url,
    origin: tenant.seed.origin,
    link: `i${referrer.number}-${referrer.key}`,
  })
  return { report, service: running }
}

const rowOf = (report: DoctorReport, probe: string) => {
  const row = report.rows.find((r) => r.probe === probe)
  if (!row) throw new Error(`no row ${probe}: ${report.rows.map((r) => r.probe).join(', ')}`)
  return row
}

/** A JSON answer edited on its way out. */
const edited = async (response: Response, edit: (body: Record<string, unknown>) => unknown) =>
  Response.json(edit((await response.json()) as Record<string, unknown>), {
    status: response.status,
  })

describe('npm run doctor: what the store had to guess', () => {
  it('reads the parameters to their end: two pages on the docs’ service, allowGuest and terms on page 2', async () => {
    const { report, service } = await doctor('docs')
    expect(rowOf(report, 'parâmetros em páginas')).toMatchObject({
      ok: true,
      note: '12 parâmetros em 2 páginas: a loja lê todas',
    })
    expect(rowOf(report, 'convidados (allowGuest)').note).toBe('"1" (página 2): compra sem login')
    expect(rowOf(report, 'termos de compra')).toMatchObject({ ok: true })
    expect(rowOf(report, 'termos de compra').note).toMatch(/\(página 2\)$/)
    expect(service.requests).toContainEqual({ method: 'GET', path: '/parameter', query: '?page=2' })
  })

  it('says one page where the service answers the parameters at once (spec)', async () => {
    const { report, service } = await doctor('spec')
    expect(rowOf(report, 'parâmetros em páginas').note).toBe('12 parâmetros em uma página')
    expect(service.requests.filter((r) => r.path === '/parameter')).toHaveLength(1)
  })

  it('names a cash option, plain-text terms and the prices a link changes', async () => {
    const { report } = await doctor('docs', async (url, response) => {
      const t = url.searchParams.get('t')
      if (url.pathname === '/order/info' && t === 'negotiationTypes') {
        return edited(response, (body) => ({
          ...body,
          negotiationTypes: [
            ...(body.negotiationTypes as unknown[]),
            {
              id: 99,
              description: 'Dinheiro no balcão',
              paymentSettings: { paymentMethod: null, installments: 0 },
            },
          ],
        }))
      }
      if (url.pathname === '/order/info' && t === 'prices' && url.searchParams.get('p')) {
        return edited(response, (body) => {
          const [first, ...rest] = body.prices as { price: number }[]
          return { ...body, prices: [{ ...first, price: first!.price + 10 }, ...rest] }
        })
      }
      if (url.pathname === '/parameter' && url.searchParams.get('page') === '2') {
        return edited(response, (body) => ({
          ...body,
          _embedded: {
            parameter: (body._embedded as { parameter: { dataKey: string }[] }).parameter.map(
              (p) =>
                p.dataKey === 'public.parameters.termos'
                  ? { ...p, dataValue: 'Este é um texto de teste.\nSegunda linha.' }
                  : p,
            ),
          },
        }))
      }
      return response
    })
    // Counted with any the seed already has; the one planted here is named.
    const options = rowOf(report, 'formas sem método online')
    expect(options.note).toMatch(/^\d+ de \d+ sem método que a loja receba online \(/)
    expect(options.note).toContain('"Dinheiro no balcão"')
    expect(options.note).toContain('ficam fora do checkout online')
    expect(rowOf(report, 'termos de compra').note).toBe(
      'texto simples com quebras de linha: a loja mantém os parágrafos (página 2)',
    )
    expect(rowOf(report, 'preços do link (p)').note).toMatch(/, 1 com preço diferente do da loja$/)
  })

  it('a parameters page that fails is a failed probe, said plainly', async () => {
    const { report } = await doctor('docs', async (url, response) =>
      url.pathname === '/parameter' && url.searchParams.get('page') === '2'
        ? Response.json({ title: 'Internal Server Error' }, { status: 500 })
        : response,
    )
    expect(rowOf(report, 'parâmetros em páginas')).toMatchObject({ ok: false, status: 500 })
    expect(rowOf(report, 'parâmetros em páginas').note).toMatch(/^a página 2 falhou/)
    expect(rowOf(report, 'convidados (allowGuest)').ok).toBe(false)
  })

  it('says what only a real order shows and how to check it, having changed nothing', async () => {
    const { report, service } = await doctor('docs')
    const text = formatReport(report)
    expect(text).toContain('o doctor não cria, não cancela e não paga nada')
    expect(text).toContain(`${service.url}/order-external/NUMERO`)
    expect(text).toMatch(/negotiationType\.installments/)
    // Read-only: GETs of public reads only; no key, no order read, created or cancelled.
    expect(service.requests.every((r) => r.method === 'GET')).toBe(true)
    expect(service.requests.some((r) => r.path.startsWith('/order-external'))).toBe(false)
    const tenants = service.offline.model.allTenants
    expect(tenants.map((t) => t.orders.length)).toEqual(
      tenants.map((t) => t.seed.orders.length + (t.seed.docsOnlyOrders?.length ?? 0)),
    )
  })
})

describe('textKind', () => {
  it.each([
    ['<p>Termos</p>', 'html'],
    ['<p>Termos</p>\nOutra linha', 'html-e-quebras'],
    ['Este é um texto de teste.\nLorem ipsum', 'texto'],
    ['Termos em uma linha só, 2 < 3.', 'uma-linha'],
  ] as const)('%j reads as %s', (value, kind) => {
    expect(textKind(value)).toBe(kind)
  })
})
