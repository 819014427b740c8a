import {
  EMPTY_CHECKOUT_FORM,
  type CheckoutFormValues,
} from '../features/checkout/checkout-form-schema'

/** A complete checkout form as Maria (a seeded account) fills it, masked as typed. */
export const MARIA_CHECKOUT_FORM: CheckoutFormValues = {
  ...EMPTY_CHECKOUT_FORM,
  document: '529.982.247-25',
  name: 'Maria Aparecida Santos',
  email: 'maria.santos@exemplo.com.br',
  cellphone: '(11) 98765-4321',
  zipCode: '01310-200',
  state: 'SP',
  city: 'São Paulo',
  address: 'Avenida Paulista',
  number: '1578',
  neighborhood: 'Bela Vista',
  acceptTerms: true,
}
