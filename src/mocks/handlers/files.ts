import { http, HttpResponse } from 'msw'
import { signDownload } from '../data/build-order'
import { forbidden, notFound, type HandlerContext } from './context'

/** A one-page PDF saying which boleto this is: enough for a download to be real offline. */
function tinyPdf(title: string): string {
  const text = title.replace(/[()\\]/g, '')
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((obj, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return body
}

/**
 * Attachment downloads (`href` of an attachment item). Not one of the 11 operations, but the
 * hrefs the service hands out must lead somewhere: a valid signature gets the file.
 */
export function fileHandlers(ctx: HandlerContext) {
  return [
    http.get(`${ctx.model.baseUrl}/arquivo/:name`, ({ request, params }) => {
      const name = String(params.name)
      const q = new URL(request.url).searchParams.get('q')
      const tenant = ctx.model.allTenants.find((t) => signDownload(name, t.seed.erpKey) === q)
      if (!tenant) return forbidden('Assinatura do link inválida.')
      const known = tenant.orders.some((o) => o.detail.attachmentItems.some((a) => a.name === name))
      if (!known) return notFound('Arquivo não encontrado.')
      const download = new URL(request.url).searchParams.get('forceDownload') === 'true'
      return new HttpResponse(tinyPdf(`Boleto ${name}`), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${name}"`,
        },
      })
    }),
  ]
}
