import { useRef, useState, type InputHTMLAttributes } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { tEmail } from '../../common/words/pt-br-email'
import { suggestEmail } from './email-typos'
import { FormField } from './form-parts'

/**
 * An e-mail field that, once left, suggests the common mailbox a domain looks mistyped from
 * ("Você quis dizer maria@gmail.com?", src/components/email-typos.ts): one press puts it in the field
 * (`onAccept`, the form's setValue) and the focus back there. A hint, never an error: the form
 * is sent as typed if the buyer says nothing. Not while typing ("gmail.co" on the way to
 * "gmail.com"). The hint's line is always there, a polite live region, so a screen reader says
 * it when it appears after the field is left.
 */
export function EmailField({
  id,
  label,
  error,
  registration,
  onAccept,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, keyof UseFormRegisterReturn> & {
  id: string
  label: string
  error?: string
  registration: UseFormRegisterReturn
  onAccept: (address: string) => void
}) {
  // The address as the field was last left; empty again as soon as it is typed in.
  const [left, setLeft] = useState('')
  const element = useRef<HTMLInputElement | null>(null)
  const suggestion = suggestEmail(left)
  const suggestionId = `${id}-sugestao`
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <>
          <input
            type="email"
            inputMode="email"
            autoComplete="email"
            {...input}
            {...registration}
            {...control}
            ref={(el) => {
              registration.ref(el)
              element.current = el
            }}
            aria-describedby={
              [control['aria-describedby'], suggestion && suggestionId].filter(Boolean).join(' ') ||
              undefined
            }
            onChange={(event) => {
              setLeft('')
              return registration.onChange(event)
            }}
            onBlur={(event) => {
              setLeft(event.target.value)
              return registration.onBlur(event)
            }}
          />
          <p id={suggestionId} className="field-hint" aria-live="polite">
            {suggestion && (
              <>
                {tEmail.didYouMean}{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={tEmail.use(suggestion)}
                  onClick={() => {
                    onAccept(suggestion)
                    setLeft('')
                    element.current?.focus()
                  }}
                >
                  {suggestion}
                </button>
                ?
              </>
            )}
          </p>
        </>
      )}
    </FormField>
  )
}
