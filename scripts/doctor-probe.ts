import { safeParse } from 'zod/mini'
import { DIALECT_FACTS, type Dialect } from '../common/contract/upstream/dialect'
import { operations, type OperationId, type ParamsOf } from '../common/contract/upstream/operations'
import {
  linkPriceChecks,
  optionChecks,
  parameterChecks,
  recordedPlanNotes,
  type CheckTools,
} from './doctor-checks'
import { webhookNotes } from './doctor-webhooks'

/**
 * `npm run doctor`: a read-only probe of an upstream. Each probe is one request built from the
 * same operation list the relay uses, and tells whether the service answered, whether the
 * answer fits the contract, and which dialect it shows. Nothing is created, cancelled or paid;
 * a login is tried only when asked, with a deliberately wrong password for a CPF made up here
 * (no real account is touched or locked), and no recovery e-mail is ever asked for.
 */

export interface DoctorOptions {
  upstream: string
  origin: string
  /** A unit or referrer link to check (`u4_goiere`, `i1-contabilidade-indicador`…). */
  link?: string
  tryLogin?: boolean
  timeoutMs?: number
  /** The store's public address, where the service's webhooks are sent (default: `origin`). */
  publicOrigin?: string
  /** The relay's WEBHOOK_PATH (default `/webhooks/gestao`). */
  webhookPath?: string
  fetch?: (request: Request) => Promise<Response>
}

export interface ProbeRow {
  probe: string
  method: string
  path: string
  status: number | 'sem resposta'
  ok: boolean
  /** What the answer says about the dialect, if anything. */
  dialect?: Dialect
  note: string
}

export interface DoctorReport {
  rows: ProbeRow[]
  dialect: Dialect | 'indeterminado'
  reachable: boolean
  config: string[]
  /** What no read-only probe can show, and how an operator checks it (doctor-checks.ts). */
  notes: string[]
}

/** A CPF with valid check digits that belongs to no one we know: for the wrong-password login. */
export const PROBE_CPF = '31415926590'
const UNKNOWN_TOKEN = 'doctorprobe0000000000000000000000'

interface Answer {
  status: number | 'sem resposta'
  body: unknown
}

export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const base = options.upstream.replace(/\/$/, '')
  const send = options.fetch ?? ((request: Request) => fetch(request))
  const rows: ProbeRow[] = []

  async function call<K extends OperationId>(
    id: K,
    dialect: Dialect,
    params: ParamsOf<K>,
  ): Promise<Answer & { method: string; path: string }> {
    const op = operations[id] as (typeof operations)[OperationId] & {
      request: (
        d: Dialect,
        p: ParamsOf<K>,
      ) => { path: string; query?: Record<string, string>; body?: unknown }
    }
    const parts = op.request(dialect, params)
    const url = new URL(`${base}${parts.path}`)
    for (const [name, value] of Object.entries(parts.query ?? {})) url.searchParams.set(name, value)
    const headers = new Headers({ Accept: 'application/json', Origin: options.origin })
    if (parts.body !== undefined) headers.set('Content-Type', 'application/json')
    const path = `${url.pathname}${url.search}`
    try {
      const response = await send(
        new Request(url, {
          method: op.method,
          headers,
          body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        }),
      )
      const text = await response.text()
      let body: unknown = null
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        body = null
      }
      return { status: response.status, body, method: op.method, path }
    } catch {
      return { status: 'sem resposta', body: null, method: op.method, path }
    }
  }

  const fits = (id: OperationId, body: unknown) => safeParse(operations[id].success, body).success

  function row(
    probe: string,
    answer: Awaited<ReturnType<typeof call>>,
    ok: boolean,
    note: string,
    dialect?: Dialect,
  ) {
    rows.push({
      probe,
      method: answer.method,
      path: answer.path,
      status: answer.status,
      ok,
      note,
      dialect,
    })
  }

  const tools: CheckTools = { call, row }

  // Public reads: the same in both dialects, so they prove the service and the Origin.
  const parameters = await call('parameters', 'docs', undefined)
  row(
    'parâmetros',
    parameters,
    parameters.status === 200 && fits('parameters', parameters.body),
    parameters.status === 200
      ? fits('parameters', parameters.body)
        ? 'lista de parâmetros no contrato'
        : 'respondeu fora do contrato'
      : parameters.status === 403
        ? 'Origin recusado: confira --origin'
        : 'sem a lista',
  )
  await parameterChecks(tools, parameters)
  const products = await call('products', 'docs', { linkRef: '' })
  const prices = (products.body as { prices?: { price?: unknown }[] } | null)?.prices
  const unreadable = Array.isArray(prices)
    ? prices.filter((p) => typeof p?.price !== 'number' && typeof p?.price !== 'string').length
    : 0
  row(
    'produtos e preços',
    products,
    products.status === 200 && fits('products', products.body),
    products.status === 200
      ? `${Array.isArray(prices) ? prices.length : 0} produtos${unreadable ? `, ${unreadable} sem preço legível` : ''}`
      : 'sem a listagem',
  )

  // An order link nobody has: 404 in the spec, 403 "Invalid token" in the docs.
  const unknownOrder = await call('orderByToken', 'docs', { token: UNKNOWN_TOKEN })
  const tokenDialect =
    unknownOrder.status === 403 ? 'docs' : unknownOrder.status === 404 ? 'spec' : undefined
  row(
    'pedido por link inexistente',
    unknownOrder,
    tokenDialect !== undefined,
    tokenDialect ? `"não encontrado" como ${unknownOrder.status}` : 'resposta inesperada',
    tokenDialect,
  )

  // The list needs a bearer: without one it must refuse (never answer someone's orders).
  const orders = await call('listOrders', 'docs', { page: 1 })
  row(
    'pedidos sem login',
    orders,
    orders.status === 401 || orders.status === 403,
    orders.status === 401 || orders.status === 403 ? 'exige login, como deve' : 'NÃO exigiu login',
  )

  let linkDialect: Dialect | undefined
  if (options.link) {
    const linkRef = options.link.replace(/^([ui]\d+)[_:-]/, '$1_')
    let linkOptions: Awaited<ReturnType<typeof call>> | undefined
    for (const dialect of ['docs', 'spec'] as const) {
      const answer = await call('paymentOptions', dialect, { linkRef })
      const accepted = answer.status === 200 && fits('paymentOptions', answer.body)
      row(
        `link com "${DIALECT_FACTS[dialect].refSeparator}"`,
        answer,
        accepted,
        accepted ? 'formas de pagamento do link' : 'recusado',
      )
      if (accepted && !linkDialect) linkDialect = dialect
      // An option the store cannot take online may put the answer outside the contract: its
      // options are still worth reading.
      if (answer.status === 200 && !linkOptions) linkOptions = answer
    }
    if (linkOptions) optionChecks(tools, linkOptions)
    await linkPriceChecks(tools, linkRef, linkDialect ?? 'docs', products)
  }

  let loginDialect: Dialect | undefined
  if (options.tryLogin) {
    for (const dialect of ['docs', 'spec'] as const) {
      const answer = await call('login', dialect, {
        username: PROBE_CPF,
        password: `senha-errada-${Date.now()}`,
        clientId: 'app',
      })
      // A wrong-password refusal means the client fields were understood.
      const understood = answer.status === 401
      row(
        `login (campos ${DIALECT_FACTS[dialect].loginFields.clientId})`,
        answer,
        understood,
        understood ? 'campos aceitos (senha errada, como esperado)' : 'campos recusados',
        understood ? dialect : undefined,
      )
      if (understood) {
        loginDialect = dialect
        break
      }
    }
  }

  const evidence = [loginDialect, tokenDialect].filter((d): d is Dialect => d !== undefined)
  const dialect = evidence[0] ?? (linkDialect === 'spec' ? 'spec' : 'indeterminado')
  const reachable = rows.some((r) => r.status !== 'sem resposta')
  const separator = dialect === 'indeterminado' ? '_' : DIALECT_FACTS[dialect].refSeparator
  const webhooks = webhookNotes({
    origin: options.origin,
    publicOrigin: options.publicOrigin ?? options.origin,
    path: options.webhookPath,
  })
  return {
    rows,
    dialect,
    reachable,
    config: [
      `UPSTREAM_URL=${base}`,
      `TENANT_ORIGIN=${options.origin}`,
      `UPSTREAM_DIALECT=${dialect === 'indeterminado' ? 'auto' : dialect}`,
      `# links vão ao serviço com "${separator}"; ERP_API_KEY e SESSION_SECRET: segredos seus`,
      ...defaultLinkConfig(options.link, linkDialect !== undefined),
      ...webhooks.config,
    ],
    notes: [
      ...defaultLinkNotes(options.link, linkDialect !== undefined),
      ...recordedPlanNotes(base, options.origin),
      '',
      ...webhooks.notes,
    ],
  }
}

/** A unit link the service took is the store's own link for visitors who came without one. */
const isUnitLink = (link: string | undefined): link is string => !!link && /^u\d+[_:-]/.test(link)

function defaultLinkConfig(link: string | undefined, accepted: boolean): string[] {
  return isUnitLink(link) && accepted ? [`DEFAULT_P=${link.replace(/^(u\d+)[_:-]/, '$1_')}`] : []
}

/**
 * Without DEFAULT_P a visitor who came with no link sees the catalog but cannot choose how to
 * pay: the service has no store-level payment options (`p` is required in
 * api/public/unit_payment_options.md), so the checkout tells the buyer this store sells through
 * its links. Said here, before anyone finds out at checkout.
 */
function defaultLinkNotes(link: string | undefined, accepted: boolean): string[] {
  if (isUnitLink(link) && accepted) return []
  return [
    'DEFAULT_P: sem ele, quem chega sem link de unidade ou indicador vê os produtos mas não consegue',
    '  finalizar a compra (o serviço não tem formas de pagamento da loja sem link: o checkout diz que',
    '  a loja vende pelos seus links). Rode de novo com --link u<número>_<chave> de uma unidade da',
    '  loja para conferi-la e receber a linha DEFAULT_P.',
    '',
  ]
}

export function formatReport(report: DoctorReport): string {
  const lines = report.rows.map(
    (r) =>
      `${r.ok ? 'ok ' : 'x  '} ${r.probe.padEnd(30)} ${String(r.status).padEnd(12)} ${r.method} ${r.path}  ${r.note}${r.dialect ? ` [${r.dialect}]` : ''}`,
  )
  return [
    ...lines,
    '',
    `Dialeto: ${report.dialect}`,
    '',
    'Configuração sugerida:',
    ...report.config.map((l) => `  ${l}`),
    '',
    ...report.notes,
  ].join('\n')
}
