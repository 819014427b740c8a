import type { FormEvent } from 'react'

/** A form's onSubmit that does nothing while `busy` (the button stays pressable for focus). */
export function submitUnlessBusy(
  busy: boolean,
  submit: (event: FormEvent<HTMLFormElement>) => unknown,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault()
      return
    }
    void submit(event)
  }
}
