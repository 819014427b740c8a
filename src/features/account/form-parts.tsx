import type { UseFormRegisterReturn } from 'react-hook-form'
import type { ControlProps } from '../../components/form-parts'
import { maskCpf } from './account-fields'

/** CPF typed with the 000.000.000-00 mask applied as the person types or pastes. */
export function CpfInput({
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
      placeholder="000.000.000-00"
      maxLength={14}
      onChange={(event) => {
        event.target.value = maskCpf(event.target.value)
        void registration.onChange(event)
      }}
    />
  )
}
