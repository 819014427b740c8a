import { PARAMETER_KEYS } from '../common/contract/schemas/parameter'
import { PAYMENT_METHODS } from '../common/contract/schemas/payment'
import type { Dialect } from '../common/contract/upstream/dialect'
import type { OperationId, ParamsOf } from '../common/contract/upstream/operations'
import { declaredPageCount, MAX_PAGES } from '../server/relay/upstream/hal-pages'

/**
 * The doctor's second half (doctor-probe.ts runs it): what the store had to guess about the live
 * service where the spec is silent, read off public answers. Parameters in pages, terms written
 * as plain text, payment options the store cannot take online, the prices a link's `p` gives.
 * Every probe is a GET of a public read; what only an order can show is said, not tried.
 */

export interface CallAnswer {
  status: number | 'sem resposta'
  body: unknown
  method: string
  path: string
}

export interface CheckTools {
  call: <K extends OperationId>(id: K, dialect: Dialect, params: ParamsOf<K>) => Promise<CallAnswer>
  row: (probe: string, answer: CallAnswer, ok: boolean, note: string) => void
}

type Entry = { dataKey?: unknown; dataValue?: unknown }

const embedded = <T>(body: unknown, name: string): T[] => {
  const list = (body as { _embedded?: Record<string, unknown> } | null)?._embedded?.[name]
  return Array.isArray(list) ? (list as T[]) : []
}

const MARKUP = /<\/?[a-z][^>]*>/i

/** How a tenant text reads: markup, plain text with line breaks, or one plain line. */
export function textKind(value: string): 'html' | 'html-e-quebras' | 'texto' | 'uma-linha' {
  const breaks = /\r?\n/.test(value)
  if (MARKUP.test(value)) return breaks ? 'html-e-quebras' : 'html'
  return breaks ? 'texto' : 'uma-linha'
}

const TEXT_NOTES: Record<ReturnType<typeof textKind>, string> = {
  html: 'HTML: passa pelo sanitizador',
  'html-e-quebras': 'HTML com quebras de linha soltas: sanitizado, quebras mantidas',
  texto: 'texto simples com quebras de linha: a loja mantém os parágrafos',
  'uma-linha': 'texto simples em uma linha',
}

/**
 * `GET /parameter` to its end, as the relay reads it (server/relay/upstream/parameter-pages.ts): page 1
 * is the probe doctor-probe.ts already made, later pages are asked one at a time. Then what the
 * store reads in it: guests allowed or not, and how the terms are written.
 */
export async function parameterChecks(tools: CheckTools, first: CallAnswer): Promise<void> {
  if (first.status !== 200) return
  const pageCount = declaredPageCount(first.body)
  const entries: { entry: Entry; page: number }[] = embedded<Entry>(first.body, 'parameter').map(
    (entry) => ({ entry, page: 1 }),
  )
  let last = first
  let failed: CallAnswer | undefined
  for (let page = 2; page <= Math.min(pageCount, MAX_PAGES) && !failed; page++) {
    last = await tools.call('parameters', 'docs', { page })
    if (last.status !== 200) failed = last
    else entries.push(...embedded<Entry>(last.body, 'parameter').map((entry) => ({ entry, page })))
  }
  const find = (key: string) => entries.find((e) => e.entry.dataKey === key)
  const guest = find(PARAMETER_KEYS.allowGuest)
  const terms = find(PARAMETER_KEYS.terms)
  const where = (found: typeof guest) => (found && pageCount > 1 ? ` (página ${found.page})` : '')
  tools.row(
    'parâmetros em páginas',
    failed ?? last,
    !failed && pageCount <= MAX_PAGES,
    failed
      ? `a página ${failed.path.match(/page=(\d+)/)?.[1] ?? '?'} falhou: a loja não abre o checkout com a lista pela metade`
      : pageCount > 1
        ? `${entries.length} parâmetros em ${pageCount} páginas: a loja lê todas` +
          (pageCount > MAX_PAGES ? `, mas só até ${MAX_PAGES}` : '')
        : `${entries.length} parâmetros em uma página`,
  )
  tools.row(
    'convidados (allowGuest)',
    failed ?? last,
    guest !== undefined,
    guest
      ? `"${String(guest.entry.dataValue)}"${where(guest)}: ${['1', 'true'].includes(String(guest.entry.dataValue).trim().toLowerCase()) ? 'compra sem login' : 'login antes de comprar'}`
      : 'ausente: a loja pede login antes de comprar',
  )
  tools.row(
    'termos de compra',
    failed ?? last,
    typeof terms?.entry.dataValue === 'string' && terms.entry.dataValue.trim() !== '',
    typeof terms?.entry.dataValue === 'string'
      ? `${TEXT_NOTES[textKind(terms.entry.dataValue)]}${where(terms)}`
      : 'ausentes: o checkout não tem termos para mostrar',
  )
}

type Option = {
  description?: unknown
  paymentSettings?: { paymentMethod?: unknown; installments?: unknown } | null
}

/** The payment options of the link: which the store takes online, and which it cannot. */
export function optionChecks(tools: CheckTools, answer: CallAnswer): void {
  const options = (answer.body as { negotiationTypes?: unknown } | null)?.negotiationTypes
  if (!Array.isArray(options)) return
  const offline = (options as Option[]).filter((option) => {
    const method = option.paymentSettings?.paymentMethod
    return typeof method !== 'string' || !(PAYMENT_METHODS as readonly string[]).includes(method)
  })
  const named = offline.map((o) => `"${String(o.description ?? '?')}"`).join(', ')
  tools.row(
    'formas sem método online',
    answer,
    offline.length < options.length,
    offline.length === 0
      ? `${options.length} formas, todas com cartão ou boleto`
      : `${offline.length} de ${options.length} sem método que a loja receba online (${named}): ficam fora do checkout online` +
          (offline.length === options.length ? '; o link não tem forma pagável' : ''),
  )
}

type Price = { sku?: unknown; price?: unknown }

/** The listing a link's `p` gives, beside the store's own: how many prices it changes. */
export async function linkPriceChecks(
  tools: CheckTools,
  linkRef: string,
  dialect: Dialect,
  storeListing: CallAnswer,
): Promise<void> {
  const answer = await tools.call('products', dialect, { linkRef })
  if (answer.status !== 200) {
    tools.row('preços do link (p)', answer, false, 'o link não deu uma listagem')
    return
  }
  const prices = ((answer.body as { prices?: unknown } | null)?.prices ?? []) as Price[]
  const own = new Map(
    (((storeListing.body as { prices?: unknown } | null)?.prices ?? []) as Price[]).map((p) => [
      String(p.sku),
      String(p.price),
    ]),
  )
  const readable = prices.filter((p) => typeof p.price === 'number' || typeof p.price === 'string')
  const changed = readable.filter(
    (p) => own.has(String(p.sku)) && own.get(String(p.sku)) !== String(p.price),
  )
  tools.row(
    'preços do link (p)',
    answer,
    Array.isArray(prices) && prices.length > 0,
    `${prices.length} produtos, ${readable.length} com preço legível, ${changed.length} com preço diferente do da loja`,
  )
}

/** What no read can show, and how an operator finds it out with one test order. */
export function recordedPlanNotes(base: string, origin: string): string[] {
  return [
    'O que só um pedido real mostra (o doctor não cria, não cancela e não paga nada):',
    '  o plano gravado. Cada forma de pagamento é um plano fixo (“Cartão de crédito 3x”: 3 parcelas);',
    '  a loja não envia número de parcelas, e só um pedido mostra se o serviço grava as parcelas da',
    '  própria forma. Para conferir, com uma forma de 2 ou mais parcelas:',
    '  1. faça um pedido de teste na loja (boleto, para não cobrar cartão) e anote o número dele;',
    `  2. leia-o com a chave do ERP: curl -H 'Origin: ${origin}' -H "x-api-key: $ERP_API_KEY" ${base}/order-external/NUMERO`,
    '     e confira negotiationType.id, negotiationType.paymentSettings.installments e quantas regras há em',
    '     negotiationType.installments (e parcelas em financialItems): devem ser as da forma escolhida;',
    '  3. cancele o pedido de teste: em Minha conta → Cancelar pedido (feito com login) ou no ERP.',
  ]
}
