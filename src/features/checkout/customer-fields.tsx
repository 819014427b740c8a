import { getStates } from '@brazilian-utils/brazilian-utils'
import type { ChangeEvent } from 'react'
import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form'
import { tCheckout } from '../../i18n/pt-br-checkout'
import { maskCep, maskCpfCnpj, maskPhone } from '../../lib/masks'
import { fieldId, type CheckoutFormValues } from './checkout-form-schema'
import { TextField } from '../../components/form-parts'

const STATES = getStates()
  .map((s) => ({ code: s.code, name: s.name }))
  .sort((a, b) => a.code.localeCompare(b.code))

/** Applies a mask before react-hook-form reads the value. */
function masked(registration: UseFormRegisterReturn, mask: (value: string) => string) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value)
      return registration.onChange(event)
    },
  }
}

export function CustomerFields({
  register,
  errors,
}: {
  register: UseFormRegister<CheckoutFormValues>
  errors: FieldErrors<CheckoutFormValues>
}) {
  const f = tCheckout.fields
  const error = (name: keyof CheckoutFormValues) => errors[name]?.message
  return (
    <>
      <fieldset className="form-section">
        <legend>{tCheckout.customer}</legend>
        <div className="form-grid">
          <TextField
            id={fieldId('document')}
            label={f.document}
            hint={tCheckout.hints.document}
            error={error('document')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={18}
            {...masked(register('document'), maskCpfCnpj)}
          />
          <TextField
            id={fieldId('name')}
            label={f.name}
            error={error('name')}
            autoComplete="name"
            {...register('name')}
          />
          <TextField
            id={fieldId('email')}
            label={f.email}
            error={error('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...register('email')}
          />
          <TextField
            id={fieldId('cellphone')}
            label={f.cellphone}
            hint={tCheckout.hints.cellphone}
            error={error('cellphone')}
            type="tel"
            inputMode="tel"
            autoComplete="mobile tel-national"
            placeholder="(00) 00000-0000"
            {...masked(register('cellphone'), maskPhone)}
          />
          <TextField
            id={fieldId('phone')}
            label={f.phone}
            error={error('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="home tel-national"
            placeholder="(00) 0000-0000"
            {...masked(register('phone'), maskPhone)}
          />
          <TextField
            id={fieldId('stateRegistration')}
            label={f.stateRegistration}
            error={error('stateRegistration')}
            autoComplete="off"
            {...register('stateRegistration')}
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{tCheckout.address}</legend>
        <div className="form-grid">
          <TextField
            id={fieldId('zipCode')}
            label={f.zipCode}
            error={error('zipCode')}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            {...masked(register('zipCode'), maskCep)}
          />
          <div className="field">
            <label htmlFor={fieldId('state')}>{f.state}</label>
            <select
              id={fieldId('state')}
              autoComplete="address-level1"
              aria-invalid={error('state') ? true : undefined}
              aria-describedby={error('state') ? `${fieldId('state')}-error` : undefined}
              {...register('state')}
            >
              <option value="">{tCheckout.selectState}</option>
              {STATES.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.code} – {s.name}
                </option>
              ))}
            </select>
            {error('state') && (
              <p id={`${fieldId('state')}-error`} className="field-error">
                {error('state')}
              </p>
            )}
          </div>
          <TextField
            id={fieldId('city')}
            label={f.city}
            error={error('city')}
            autoComplete="address-level2"
            {...register('city')}
          />
          <TextField
            id={fieldId('address')}
            label={f.address}
            error={error('address')}
            autoComplete="address-line1"
            {...register('address')}
          />
          <TextField
            id={fieldId('number')}
            label={f.number}
            hint={tCheckout.hints.number}
            error={error('number')}
            inputMode="numeric"
            autoComplete="off"
            {...register('number')}
          />
          <TextField
            id={fieldId('addressDetail')}
            label={f.addressDetail}
            error={error('addressDetail')}
            autoComplete="address-line2"
            {...register('addressDetail')}
          />
          <TextField
            id={fieldId('neighborhood')}
            label={f.neighborhood}
            error={error('neighborhood')}
            autoComplete="address-level3"
            {...register('neighborhood')}
          />
        </div>
      </fieldset>
    </>
  )
}
