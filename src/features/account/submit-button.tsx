/**
 * The submit of an account form (login, forgot password, new password). While the answer is
 * awaited it says so: the busy words ("Entrando…"), a spinner (account.css) and `aria-busy`.
 * `aria-disabled`, not `disabled`: a disabled button drops the keyboard focus to the page body,
 * and the focus must still be here to move to the answer. A second press or Enter meanwhile is
 * refused by the form (`submitUnlessBusy`, busy-submit.ts).
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean
  label: string
  busyLabel: string
}) {
  return (
    <button
      type="submit"
      className="button button--primary"
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
    >
      {busy ? busyLabel : label}
    </button>
  )
}
