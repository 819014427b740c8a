import { tCheckout } from '../../../common/words/pt-br-checkout'
import type { CepStatus } from './use-cep-autofill'

/** Where to look up a forgotten CEP: the Correios' own search. */
const CORREIOS_SEARCH = 'https://buscacepinter.correios.com.br/app/endereco/index.php'

/** The word under the CEP field: what the lookup did, or how to find a CEP. */
export function CepHint({ status }: { status: CepStatus }) {
  if (status === 'idle') {
    return (
      <>
        {tCheckout.cep.idle}{' '}
        <a href={CORREIOS_SEARCH} target="_blank" rel="noreferrer">
          {tCheckout.cep.findCep}
        </a>
      </>
    )
  }
  return <>{tCheckout.cep[status]}</>
}
