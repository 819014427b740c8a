import { useState } from 'react'
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form'
import { submitUnlessBusy } from '../../components/busy-submit'
import type { SummaryItem } from '../../components/form-parts'
import { tAccount } from '../../../common/words/pt-br-account'

/** A field as the summary lists it; without a `message` it has no error and is left out. */
interface SummaryField {
  fieldId: string
  label: string
  message?: string
}

/**
 * The submit and error summary of an account form (login, forgot password, new password), wired
 * one way for all three. A submit the field rules refuse moves the focus to the summary (the form
 * is made with `shouldFocusError: false`, so the first field does not take it first): a screen
 * reader reads it as an alert, a keyboard user starts from it, and each entry jumps to its field
 * (ErrorSummary). A submit while the last one is awaited does nothing.
 *
 * `pending`: the request is on its way. `busy` adds the form's own validation, so the button says
 * it is working from the press.
 */
export function useErrorSummary<T extends FieldValues>(form: UseFormReturn<T>, pending: boolean) {
  const [focusSignal, setFocusSignal] = useState(0)
  const busy = pending || form.formState.isSubmitting
  return {
    busy,
    /** The form's `onSubmit`: `send` gets the values once the field rules pass. */
    onSubmit: (send: SubmitHandler<T>) =>
      submitUnlessBusy(
        busy,
        form.handleSubmit(send, () => setFocusSignal((n) => n + 1)),
      ),
    /** ErrorSummary's props: the fields that have an error, in form order. */
    summary: (fields: SummaryField[]) => {
      const items: SummaryItem[] = fields.flatMap(({ fieldId, label, message }) =>
        message ? [{ fieldId, label, message }] : [],
      )
      return { title: tAccount.form.summaryTitle(items.length), items, focusSignal }
    },
  }
}
