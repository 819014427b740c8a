import { http, HttpResponse } from 'msw'
import { formatLine, lineFromBarcode } from '../../common/rules/boleto-line'
import { formatBRL } from '../../common/rules/money'
import { offlineBoletoBarcode, signDownload } from '../data/build-order'
import { onePagePdf, type PdfLine } from '../data/boleto-pdf'
import { INVOICE_ATTACHMENT_TYPE, type StoredOrder, type TenantState } from '../model'
import { forbidden, notFound, type HandlerContext } from './context'

/** `2026-08-20 00:00:00.000000` → `20/08/2026`. */
function brDay(serviceDate: string): string {
  return `${serviceDate.slice(8, 10)}/${serviceDate.slice(5, 7)}/${serviceDate.slice(0, 4)}`
}

/**
 * What a boleto says: whose, which order and installment, when, how much, and its digitable
 * line. The line is printed here only: the service's JSON carries none in the public docs or
 * the spec (docs/dialects.md), so the offline service does not invent one there.
 */
function boletoLines(tenant: TenantState, order: StoredOrder, name: string): PdfLine[] {
  const { detail } = order
  const attachment = detail.attachmentItems.find((a) => a.name === name)
  if (attachment && attachment.type === INVOICE_ATTACHMENT_TYPE) return invoiceLines(tenant, order)
  const index = detail.attachmentItems.findIndex((a) => a.name === name)
  // Attachments and financial items are made side by side (build-order.ts): same position.
  const item = detail.financialItems[index]
  const lines: PdfLine[] = [
    { text: 'Boleto de demonstração – não pague', size: 18, font: 'bold' },
    { text: 'Emitido pelo serviço offline da loja: não é uma cobrança e nenhum banco o recebe.' },
    { text: `Beneficiário: ${tenant.seed.name}`, gap: 12 },
    { text: `Pagador: ${detail.user.name}` },
    { text: `Pedido: ${detail.code}` },
  ]
  if (!item) return lines
  const amountCents = Math.round(item.amount * 100)
  const dueDay = item.dueDate.date.slice(0, 10)
  const barcode = offlineBoletoBarcode({
    orderId: detail.id,
    installment: item.installment,
    dueDay,
    amountCents,
    secret: tenant.seed.erpKey,
  })
  const line = lineFromBarcode(barcode)
  return [
    ...lines,
    { text: `Parcela: ${item.installment} de ${detail.financialItems.length}` },
    { text: `Vencimento: ${brDay(item.dueDate.date)}` },
    { text: `Valor: ${formatBRL(amountCents)}` },
    { text: 'Linha digitável', font: 'bold', gap: 12 },
    { text: line ? formatLine(line) : '—', font: 'mono', size: 12 },
  ]
}

/** What an invoice of the offline service says (model.issueInvoice): that it is none. */
function invoiceLines(tenant: TenantState, order: StoredOrder): PdfLine[] {
  return [
    { text: 'Nota fiscal de demonstração – sem valor fiscal', size: 18, font: 'bold' },
    { text: 'Emitida pelo serviço offline da loja: nenhum fisco a recebeu.' },
    { text: `Emitente: ${tenant.seed.name}`, gap: 12 },
    { text: `Destinatário: ${order.detail.user.name}` },
    { text: `Pedido: ${order.detail.code}` },
    { text: `Valor: ${formatBRL(Math.round(Number(order.detail.orderTotal ?? 0) * 100))}` },
  ]
}

/**
 * Attachment downloads (`href` of an attachment item). Not one of the 11 operations, but the
 * hrefs the service hands out must lead somewhere: a valid signature gets the file, a real PDF.
 * Offline, the relay serves these from its own origin (server/relay/routes/offline-files.ts):
 * this host resolves nowhere outside the process.
 */
export function fileHandlers(ctx: HandlerContext) {
  return [
    http.get(`${ctx.model.baseUrl}/arquivo/:name`, ({ request, params }) => {
      const name = String(params.name)
      const q = new URL(request.url).searchParams.get('q')
      const tenant = ctx.model.allTenants.find((t) => signDownload(name, t.seed.erpKey) === q)
      if (!tenant) return forbidden('Assinatura do link inválida.')
      const order = tenant.orders.find((o) => o.detail.attachmentItems.some((a) => a.name === name))
      if (!order) return notFound('Arquivo não encontrado.')
      const download = new URL(request.url).searchParams.get('forceDownload') === 'true'
      const invoice = order.detail.attachmentItems.some(
        (a) => a.name === name && a.type === INVOICE_ATTACHMENT_TYPE,
      )
      const title = `${invoice ? 'Nota fiscal' : 'Boleto'} ${order.detail.code}`
      const pdf = onePagePdf(title, boletoLines(tenant, order, name))
      return new HttpResponse(pdf, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.byteLength),
          'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${name}"`,
        },
      })
    }),
  ]
}
