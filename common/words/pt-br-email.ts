/**
 * The hint under an e-mail field (components/email-field.tsx): part of the store's string
 * catalog, loaded with the checkout and the account's forms that ask for an e-mail.
 */
export const tEmail = {
  /** "Você quis dizer maria@gmail.com?", the address a button that puts it in the field. */
  didYouMean: 'Você quis dizer',
  use: (address: string) => `Usar ${address}`,
} as const
