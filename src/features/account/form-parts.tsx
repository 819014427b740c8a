import type { UseFormRegisterReturn } from 'react-hook-form'
import type { ControlProps } from '../../components/form-parts'
import { maskCpfCnpj } from './account-fields'

/** CPF or CNPJ, masked as the person types or pastes (the mask follows the digit count). */
export function DocumentInput({
  control,
  registration,
}: {
  control: ControlProps
  registration: UseFormRegisterReturn
}) {
  return (
    <input
      {...control}
      {...registration}
      type="text"
      inputMode="numeric"
      autoComplete="username"
      maxLength={18}
      onChange={(event) => {
        event.target.value = maskCpfCnpj(event.target.value)
        void registration.onChange(event)
      }}
    />
  )
}
