import type { CepAddress } from '../../common/contract/schemas/cep'

/**
 * The CEP lookup of the offline store (no internet): real CEPs with the addresses the public
 * services give for them, plus two made-up ones that walk the failure branches. The relay uses
 * `fixtureCepProvider` in place of BrasilAPI and ViaCEP when it runs over the offline service
 * (server/host/setup.ts), in the in-process e2e relay and in the static demo.
 *
 * | CEP       | answer                                                              |
 * |-----------|---------------------------------------------------------------------|
 * | 01310-100 | Avenida Paulista, Bela Vista, São Paulo/SP                          |
 * | 01310-200 | Avenida Paulista, Bela Vista, São Paulo/SP                          |
 * | 01001-000 | Praça da Sé, Sé, São Paulo/SP                                       |
 * | 05010-000 | Rua Caiubi, Perdizes, São Paulo/SP                                  |
 * | 04538-133 | Avenida Brigadeiro Faria Lima, Itaim Bibi, São Paulo/SP             |
 * | 20040-020 | Praça Pio X, Centro, Rio de Janeiro/RJ                              |
 * | 30130-010 | Praça Sete de Setembro, Centro, Belo Horizonte/MG                   |
 * | 70040-010 | SBN Quadra 1, Asa Norte, Brasília/DF                                |
 * | 23970-000 | city-wide CEP: Paraty/RJ, no street or neighbourhood                |
 * | 78175-000 | city-wide CEP: Poconé/MT, no street or neighbourhood                |
 * | 99999-999 | unknown CEP → 404 `cep_not_found` (any CEP not listed here too)     |
 * | 11111-111 | the provider is down → 503 `cep_unavailable` (never cached)         |
 */

/** A CEP no service knows: the lookup answers "not found". */
export const UNKNOWN_CEP = '99999999'
/** Asking for it makes the fixture provider fail as a service that is down would. */
export const PROVIDER_DOWN_CEP = '11111111'

function address(
  cep: string,
  street: string,
  neighborhood: string,
  city: string,
  state: CepAddress['state'],
): CepAddress {
  return { cep, state, city, neighborhood, street }
}

export const CEP_FIXTURES: ReadonlyMap<string, CepAddress> = new Map(
  [
    address('01310100', 'Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP'),
    address('01310200', 'Avenida Paulista', 'Bela Vista', 'São Paulo', 'SP'),
    address('01001000', 'Praça da Sé', 'Sé', 'São Paulo', 'SP'),
    address('05010000', 'Rua Caiubi', 'Perdizes', 'São Paulo', 'SP'),
    address('04538133', 'Avenida Brigadeiro Faria Lima', 'Itaim Bibi', 'São Paulo', 'SP'),
    address('20040020', 'Praça Pio X', 'Centro', 'Rio de Janeiro', 'RJ'),
    address('30130010', 'Praça Sete de Setembro', 'Centro', 'Belo Horizonte', 'MG'),
    address('70040010', 'SBN Quadra 1', 'Asa Norte', 'Brasília', 'DF'),
    // Small towns have one CEP for the whole city: the buyer types street and neighbourhood.
    address('23970000', '', '', 'Paraty', 'RJ'),
    address('78175000', '', '', 'Poconé', 'MT'),
  ].map((a) => [a.cep, a]),
)

/**
 * A CEP provider over the fixtures, shaped like the relay's providers (server/relay/
 * cep-lookup.ts `CepProvider`; this layer may not import the relay, so the shape is repeated):
 * `cep` is 8 digits, a failure is thrown.
 */
export const fixtureCepProvider = {
  name: 'fixtures',
  async lookup(
    cep: string,
    signal: AbortSignal,
  ): Promise<{ kind: 'found'; address: CepAddress } | { kind: 'not_found' }> {
    signal.throwIfAborted()
    if (cep === PROVIDER_DOWN_CEP) throw new Error('serviço de CEP simulado fora do ar')
    const found = CEP_FIXTURES.get(cep)
    // A copy: a caller that edits the answer must not change the fixtures.
    return found ? { kind: 'found', address: { ...found } } : { kind: 'not_found' }
  },
}
