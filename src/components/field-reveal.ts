import { useMemo, useState } from 'react'
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormRegister,
} from 'react-hook-form'

/**
 * When a field's error is shown before the first submit. A buyer who tabs through the form to
 * see what it asks must not be met with a red "obrigatório" under every field they passed:
 *
 * - an empty field the buyer has not typed into says nothing until the submit;
 * - a field being typed into for the first time says nothing until the buyer leaves it (no
 *   "CEP inválido" after the first digit);
 * - once the buyer typed and left a field, its errors show, and follow each keystroke (a fix
 *   clears the error at once), "obrigatório" included when they emptied it;
 * - a value the buyer did not type (the tab's draft, the account, the CEP lookup) is judged
 *   when the form validates it, as before;
 * - after the first submit, everything shows.
 */
export interface FieldReveal {
  /** The buyer changed the field (typed, picked, ticked). */
  typed(name: string): void
  /** The field lost focus: after typing, its errors show from now on. */
  left(name: string): void
  /** A submit: every error shows from now on. */
  revealAll(): void
  /** Whether an error on `name`, whose value is `value`, is shown now. */
  shows(name: string, value: unknown): boolean
}

export function createFieldReveal(): FieldReveal {
  const typed = new Set<string>()
  const left = new Set<string>()
  let all = false
  return {
    typed: (name) => void typed.add(name),
    left: (name) => {
      if (typed.has(name)) left.add(name)
    },
    revealAll: () => {
      all = true
    },
    shows: (name, value) => {
      if (all || left.has(name)) return true
      if (typed.has(name)) return false
      return !isBlank(value)
    },
  }
}

function isBlank(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() === '' : !value
}

/**
 * `resolver` with the errors the buyer is not to see yet left out: react-hook-form then holds
 * only what is shown, so a field's `aria-invalid`, its message and the summary agree.
 */
export function revealingResolver<V extends FieldValues, C>(
  resolver: Resolver<V, C>,
  reveal: FieldReveal,
): Resolver<V, C> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    const names = Object.keys(result.errors)
    if (names.length === 0) return result
    const errors = { ...result.errors } as FieldErrors<V>
    for (const name of names) {
      if (!reveal.shows(name, (values as Record<string, unknown>)[name])) {
        delete (errors as Record<string, unknown>)[name]
      }
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} }
    return { values: {}, errors }
  }
}

/**
 * A pointer held down (mouse button, pen): the blur it caused waits for its release. A field's
 * message appearing as the buyer presses another control moves that control before the button
 * is released, and the click then lands on nothing ("Agora não" under the card form, a payment
 * plan under the checkout's phone field). Touch moves focus only at the tap's end, after the
 * release: nothing waits there. Written by hand: react-hook-form validates on the blur itself.
 */
let held = false
let waiting: (() => void)[] = []
function whenReleased(run: () => void): void {
  if (!held) return run()
  waiting.push(run)
}
let watching = false
/** Listens for presses from the first form on (a module loaded where no page is listens to none). */
function watchPresses(): void {
  if (watching || typeof addEventListener !== 'function') return
  watching = true
  addEventListener('pointerdown', (event) => (held = event.pointerType !== 'touch'), true)
  const release = () => {
    held = false
    const runs = waiting
    waiting = []
    // After the click this release makes: it lands where the buyer aimed.
    setTimeout(() => runs.forEach((run) => run()))
  }
  addEventListener('pointerup', release, true)
  addEventListener('pointercancel', release, true)
}

/** `register` that tells `reveal` when the buyer changes a field and when they leave it. */
export function revealingRegister<V extends FieldValues>(
  register: UseFormRegister<V>,
  reveal: FieldReveal,
): UseFormRegister<V> {
  watchPresses()
  return (name, options) => {
    const registration = register(name, options)
    return {
      ...registration,
      onChange: (event) => {
        reveal.typed(name)
        return registration.onChange(event)
      },
      // Before react-hook-form's own blur, which validates the field with this in mind; after
      // the press that caused it, if one is under way.
      onBlur: (event) =>
        new Promise<void>((done) =>
          whenReleased(() => {
            reveal.left(name)
            void Promise.resolve(registration.onBlur(event)).then(() => done())
          }),
        ),
    }
  }
}

/**
 * `useForm` whose errors wait for the buyer (the rules above), for every form a buyer fills in
 * (the checkout, the card): validated as fields are left (`onTouched`), through `resolver` with
 * the errors not yet due left out; `register` tells of typing and leaving; `revealAll` is the
 * submit's, before react-hook-form's `handleSubmit`.
 */
export function useRevealingForm<V extends FieldValues, C>(
  resolver: Resolver<V, C>,
  options: Omit<UseFormProps<V, C>, 'resolver' | 'mode'>,
) {
  const [reveal] = useState(createFieldReveal)
  const [revealing] = useState(() => revealingResolver(resolver, reveal))
  const form = useForm<V, C>({ ...options, resolver: revealing, mode: 'onTouched' })
  const register = useMemo(() => revealingRegister(form.register, reveal), [form.register, reveal])
  return { form, register, revealAll: reveal.revealAll }
}
