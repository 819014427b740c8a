/**
 * `npm run doctor -- --upstream URL --origin ORIGIN [--link p] [--try-login]
 * [--public-origin URL] [--webhook-path /path]`: a read-only probe of a real upstream (see
 * doctor-probe.ts). Prints per operation whether it answered and in which dialect, then the
 * configuration to set and the webhook URL to register for the store's public address
 * (doctor-webhooks.ts). Exit 1 when the upstream did not answer at all.
 */
import { parseArgs } from 'node:util'
import { formatReport, runDoctor } from './doctor-probe'

const { values } = parseArgs({
  options: {
    upstream: { type: 'string' },
    origin: { type: 'string' },
    link: { type: 'string' },
    'try-login': { type: 'boolean', default: false },
    'timeout-ms': { type: 'string' },
    'public-origin': { type: 'string' },
    'webhook-path': { type: 'string' },
  },
})

if (
  !values.upstream ||
  !values.origin ||
  !URL.canParse(values.upstream) ||
  !URL.canParse(values.origin) ||
  (values['public-origin'] !== undefined && !URL.canParse(values['public-origin'])) ||
  (values['webhook-path'] !== undefined && !/^\/[A-Za-z0-9/_-]+$/.test(values['webhook-path']))
) {
  console.error(
    'Uso: npm run doctor -- --upstream https://api.exemplo.com --origin https://loja.exemplo.com.br [--link u4_goiere] [--try-login] [--public-origin https://loja.exemplo.com.br] [--webhook-path /webhooks/gestao]',
  )
  process.exit(2)
}

const report = await runDoctor({
  upstream: values.upstream,
  origin: new URL(values.origin).origin,
  link: values.link,
  tryLogin: values['try-login'],
  timeoutMs: values['timeout-ms'] ? Number(values['timeout-ms']) : undefined,
  publicOrigin: values['public-origin'],
  webhookPath: values['webhook-path'],
})
console.log(formatReport(report))
process.exit(report.reachable ? 0 : 1)
