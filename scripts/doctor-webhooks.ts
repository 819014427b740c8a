/**
 * What `npm run doctor` says of the service's webhooks (api/private-erp/webhooks.md): the URL a
 * store registers with the service's support, for its public address, and what to send them. A
 * probe cannot register it (the docs' way is an e-mail) nor see a webhook come: it says how.
 * The secret is never printed, only where it goes.
 */

import { WEBHOOK_EVENTS } from '../common/contract/upstream/webhook-events'

export const DEFAULT_WEBHOOK_PATH = '/webhooks/gestao'

/** The URL to register: the store's public address, the receiver's path, the secret's place. */
export function webhookUrl(publicOrigin: string, path = DEFAULT_WEBHOOK_PATH): string {
  return `${new URL(publicOrigin).origin}${path}?key=<WEBHOOK_SECRET>`
}

export function webhookNotes(options: { origin: string; publicOrigin: string; path?: string }): {
  config: string[]
  notes: string[]
} {
  const url = webhookUrl(options.publicOrigin, options.path)
  return {
    config: [
      `WEBHOOK_SECRETS=${options.origin}=<segredo: openssl rand -hex 32>`,
      ...(options.path && options.path !== DEFAULT_WEBHOOK_PATH
        ? [`WEBHOOK_PATH=${options.path}`]
        : []),
    ],
    notes: [
      'Webhooks (a página do pedido se atualiza sozinha): registre com o suporte do serviço',
      '(suporte@gestao-online.com, como dizem as docs) a URL',
      `  ${url}`,
      `com <WEBHOOK_SECRET> trocado pelo segredo de WEBHOOK_SECRETS (mande o segredo por outro canal),`,
      `pedindo os eventos ${WEBHOOK_EVENTS.join(', ')}`,
      'e os endereços de onde eles saem, para WEBHOOK_ALLOW_IPS. Nenhuma sonda vê um webhook chegar:',
      'depois de registrar, confira `webhooks_received_total` em /metrics após um pedido de teste.',
    ],
  }
}
