/**
 * `npm run doctor -- --upstream URL --origin ORIGIN [--link p] [--try-login]`: a read-only probe
 * of a real upstream (see doctor-probe.ts). Prints per operation whether it answered and in
 * which dialect, then the configuration to set. Exit 1 when the upstream did not answer at all.
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
  },
})

if (
  !values.upstream ||
  !values.origin ||
  !URL.canParse(values.upstream) ||
  !URL.canParse(values.origin)
) {
  console.error(
    'Uso: npm run doctor -- --upstream https://api.exemplo.com --origin https://loja.exemplo.com.br [--link u4_goiere] [--try-login]',
  )
  process.exit(2)
}

const report = await runDoctor({
  upstream: values.upstream,
  origin: new URL(values.origin).origin,
  link: values.link,
  tryLogin: values['try-login'],
  timeoutMs: values['timeout-ms'] ? Number(values['timeout-ms']) : undefined,
})
console.log(formatReport(report))
process.exit(report.reachable ? 0 : 1)
