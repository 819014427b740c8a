// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { catalogQueries } from '../api/queries/tenant-queries'
import { serveRelay } from '../testing/relay-harness'
import { PaymentOffers } from './payment-offers'

afterEach(cleanup)

/** A relay whose service never answers the payment options: they are being read throughout. */
const optionsOnTheirWay = () =>
  serveRelay({
    upstream: (request, offline) =>
      new URL(request.url).searchParams.get('t') === 'negotiationTypes'
        ? new Promise<Response>(() => {})
        : offline(request),
  })

function renderOffers(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <PaymentOffers />
    </QueryClientProvider>,
  )
}

describe('PaymentOffers while the options are read', () => {
  it('holds the box’s place the first time, so the page below does not move when they come', async () => {
    const server = optionsOnTheirWay()
    const { container } = renderOffers(new QueryClient())
    await waitFor(() => expect(server.calls('GET', '/api/payment-options?p=')).toHaveLength(1))
    expect(container.querySelector('section.offers')).toHaveAttribute('aria-hidden', 'true')
  })

  it('holds no box when a read has already failed (as the server’s page of a store without DEFAULT_P had none)', async () => {
    const server = optionsOnTheirWay()
    const queryClient = new QueryClient()
    // How src/main.tsx starts a page whose server could not read them (FirstView.failed).
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: catalogQueries.paymentOptions('').queryKey })
      .setState({ errorUpdateCount: 1 })
    const { container } = renderOffers(queryClient)
    await waitFor(() => expect(server.calls('GET', '/api/payment-options?p=')).toHaveLength(1))
    expect(container).toBeEmptyDOMElement()
  })
})
