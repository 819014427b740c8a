import { getStates } from '@brazilian-utils/brazilian-utils'
import type { ChangeEvent, ReactNode } from 'react'
import {
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormSetValue,
} from 'react-hook-form'
import type { ProfileSource } from '../../../common/contract/schemas/profile'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import { documentKind, type HolderNeed } from '../../lib/certificate-holder'
import { maskCep, maskCpfCnpj, maskPhone } from '../../../common/rules/masks'
import { fieldId, type CheckoutFormValues } from './checkout-form-schema'
import { TextField } from '../../components/form-parts'
import { EmailField } from '../../components/email-field'

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

type Props = {
  register: UseFormRegister<CheckoutFormValues>
  setValue: UseFormSetValue<CheckoutFormValues>
  control: Control<CheckoutFormValues>
  errors: FieldErrors<CheckoutFormValues>
  /** The logged-in account's document: the order is theirs, so it is shown, not typed. */
  lockedDocument: boolean
  /**
   * Where the account's data in the form came from (`GET /api/account/profile`): from its latest
   * order, the buyer is told so, to check it (an address may have changed since).
   */
  prefilledFrom?: ProfileSource
  /** The CEP lookup's word under the CEP field (use-cep-autofill.ts). */
  cepStatus: ReactNode
  /** What the cart's certificates ask of the document, said before the buyer types it. */
  need: HolderNeed
}

/**
 * Who buys, where, and how to reach them, in the order a Brazilian buyer expects: the document
 * first (it decides person or company), the CEP before the address it fills, contact last.
 */
export function CustomerFields({
  register,
  setValue,
  control,
  errors,
  lockedDocument,
  prefilledFrom,
  cepStatus,
  need,
}: Props) {
  const f = tCheckout.fields
  const error = (name: keyof CheckoutFormValues) => errors[name]?.message
  const [document, noNumber, exempt] = useWatch({
    control,
    name: ['document', 'noNumber', 'stateRegistrationExempt'],
  })
  const company = documentKind(document) === 'cnpj'
  /**
   * A checkbox that stands for its field ("Isento", "Sem número"): checking it empties the
   * field and makes it read-only (not disabled: react-hook-form reads a disabled field as
   * undefined), so what is shown is what is sent.
   */
  const standsFor = (
    name: 'stateRegistrationExempt' | 'noNumber',
    field: 'stateRegistration' | 'number',
  ) => {
    const registration = register(name)
    return {
      ...registration,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        if (event.target.checked) setValue(field, '', { shouldValidate: true })
        return registration.onChange(event)
      },
    }
  }
  return (
    <>
      <fieldset className="form-section">
        <legend>{tCheckout.customer}</legend>
        {prefilledFrom === 'latest-order' && (
          <p className="field-hint">{tCheckout.hints.fromLatestOrder}</p>
        )}
        <div className="form-grid">
          <TextField
            id={fieldId('document')}
            label={f.document}
            hint={
              lockedDocument
                ? tCheckout.hints.documentLocked
                : need.kind === 'cnpj'
                  ? tCheckout.hints.documentCompany(need.product)
                  : need.kind === 'cpf'
                    ? tCheckout.hints.documentPerson(need.product)
                    : tCheckout.hints.document
            }
            error={error('document')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={18}
            readOnly={lockedDocument}
            {...masked(register('document'), maskCpfCnpj)}
          />
          <TextField
            id={fieldId('name')}
            label={company ? f.companyName : f.name}
            error={error('name')}
            autoComplete={company ? 'organization' : 'name'}
            {...register('name')}
          />
          {company && (
            <div className="field-group">
              <TextField
                id={fieldId('stateRegistration')}
                label={f.stateRegistration}
                error={error('stateRegistration')}
                autoComplete="off"
                readOnly={exempt}
                {...register('stateRegistration')}
              />
              <div className="checkbox">
                <input
                  id={fieldId('stateRegistrationExempt')}
                  type="checkbox"
                  {...standsFor('stateRegistrationExempt', 'stateRegistration')}
                />
                <label htmlFor={fieldId('stateRegistrationExempt')}>
                  {f.stateRegistrationExempt}
                </label>
              </div>
            </div>
          )}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{tCheckout.address}</legend>
        <div className="form-grid">
          <TextField
            id={fieldId('zipCode')}
            label={f.zipCode}
            hint={cepStatus}
            error={error('zipCode')}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            {...masked(register('zipCode'), maskCep)}
          />
          <TextField
            id={fieldId('address')}
            label={f.address}
            error={error('address')}
            autoComplete="address-line1"
            {...register('address')}
          />
          <div className="field-group">
            <TextField
              id={fieldId('number')}
              label={f.number}
              error={error('number')}
              autoComplete="off"
              readOnly={noNumber}
              {...register('number')}
            />
            <div className="checkbox">
              <input
                id={fieldId('noNumber')}
                type="checkbox"
                {...standsFor('noNumber', 'number')}
              />
              <label htmlFor={fieldId('noNumber')}>{f.noNumber}</label>
            </div>
          </div>
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
          <TextField
            id={fieldId('city')}
            label={f.city}
            error={error('city')}
            autoComplete="address-level2"
            {...register('city')}
          />
          <div className="field">
            <label htmlFor={fieldId('state')}>{f.state}</label>
            <select
              id={fieldId('state')}
              autoComplete="address-level1"
              aria-invalid={error('state') ? true : undefined}
              aria-describedby={error('state') ? `${fieldId('state')}-erro` : undefined}
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
              <p id={`${fieldId('state')}-erro`} className="field-error">
                {error('state')}
              </p>
            )}
          </div>
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>{tCheckout.contact}</legend>
        <div className="form-grid">
          <EmailField
            id={fieldId('email')}
            label={f.email}
            error={error('email')}
            registration={register('email')}
            onAccept={(address) =>
              setValue('email', address, { shouldDirty: true, shouldValidate: true })
            }
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
        </div>
      </fieldset>
    </>
  )
}
