import { PageHeading } from '../../components/page-heading'

export function CheckoutPage() {
  return <PageHeading title="Finalizar compra">Finalizar compra</PageHeading>
}
