import type { Passkey } from '@bashboard/server/contract'
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from '@bashboard/server/contract/passkey-messages'
import { type FormEvent, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Dialog } from '../../../components/ui/dialog'
import { FormError } from '../../../components/ui/form-error'
import { Input } from '../../../components/ui/input'
import { ApiError } from '../../../lib/api-client'
import { type FieldMessages, formFailureOf } from '../../../lib/form-failure'
import { PasskeyCeremonyError } from '../../../lib/webauthn'
import { passkeyNameProblem, suggestedPasskeyName } from '../passkey-names'
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '../passkeys-api'

const NAME_MESSAGES: FieldMessages<'name'> = { name: [PASSKEY_MESSAGES.nameInvalid] }

/** Where a refusal goes: under the name, or above the buttons (the browser's reason, the server's). */
function problemOf(error: unknown): { field: 'name' | null; message: string } {
  if (error instanceof PasskeyCeremonyError) return { field: null, message: error.message }
  const shown = formFailureOf(error, NAME_MESSAGES)
  if (shown) return shown
  return {
    field: null,
    message: error instanceof ApiError ? error.message : 'Something went wrong. Try again.',
  }
}

interface NameFormProps {
  title: string
  description: string
  initialName: string
  submitLabel: string
  busyLabel: string
  busy: boolean
  onSubmit: (name: string, fail: (error: unknown) => void) => void
  onClose: () => void
}

/** A dialog asking for a passkey's name, for adding one and for renaming one. */
function PasskeyNameDialog(props: NameFormProps) {
  const [name, setName] = useState(props.initialName)
  const [problem, setProblem] = useState<{ field: 'name' | null; message: string } | null>(null)
  const nameRef = useRef<HTMLInputElement>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (props.busy) return
    const invalid = passkeyNameProblem(name)
    if (invalid) {
      setProblem({ field: 'name', message: invalid })
      nameRef.current?.focus()
      return
    }
    setProblem(null)
    props.onSubmit(name.trim(), (error) => {
      const shown = problemOf(error)
      setProblem(shown)
      if (shown.field === 'name') nameRef.current?.focus()
    })
  }

  return (
    <Dialog
      title={props.title}
      description={props.description}
      busy={props.busy}
      onClose={props.onClose}
      initialFocus={nameRef}
      className="max-w-md"
    >
      <form noValidate onSubmit={onSubmit} aria-label={props.title} className="flex flex-col gap-4">
        <Input
          ref={nameRef}
          label="Passkey name"
          name="passkeyName"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value)
            setProblem(null)
          }}
          hint="So you can tell your passkeys apart, e.g. the device or password manager that holds it."
          error={problem?.field === 'name' ? problem.message : undefined}
        />
        {problem && problem.field === null ? <FormError>{problem.message}</FormError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={props.onClose} disabled={props.busy}>
            Cancel
          </Button>
          <Button type="submit" loading={props.busy}>
            {props.busy ? props.busyLabel : props.submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** Adding a passkey: its name first, then the browser's prompt. */
export function AddPasskeyDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void
  onAdded: (passkey: Passkey) => void
}) {
  const add = useAddPasskey()
  return (
    <PasskeyNameDialog
      title="Add a passkey"
      description="Your browser will ask you to confirm with your fingerprint, face, screen lock or security key."
      initialName={suggestedPasskeyName(navigator.userAgent)}
      submitLabel="Continue"
      busyLabel="Waiting for your passkey..."
      busy={add.isPending}
      onSubmit={(name, fail) => add.mutate(name, { onSuccess: onAdded, onError: fail })}
      onClose={onClose}
    />
  )
}

/** Renaming a passkey. */
export function RenamePasskeyDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: Passkey
  onClose: () => void
  onRenamed: (passkey: Passkey) => void
}) {
  const rename = useRenamePasskey()
  return (
    <PasskeyNameDialog
      title="Rename passkey"
      description="Only you see this name."
      initialName={passkey.name}
      submitLabel="Save"
      busyLabel="Saving..."
      busy={rename.isPending}
      onSubmit={(name, fail) =>
        rename.mutate({ id: passkey._id, name }, { onSuccess: onRenamed, onError: fail })
      }
      onClose={onClose}
    />
  )
}

/** Removing a passkey, after a confirmation; a failure keeps the dialog open and says why. */
export function RemovePasskeyDialog({
  passkey,
  onClose,
  onRemoved,
}: {
  passkey: Passkey
  onClose: () => void
  onRemoved: () => void
}) {
  const remove = useRemovePasskey()
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <ConfirmDialog
      title={`Remove “${passkey.name}”?`}
      description={
        <>
          It will no longer sign you in here. Remove it from your device or password manager too.
          {problem ? (
            <div className="mt-3">
              <FormError>{problem}</FormError>
            </div>
          ) : null}
        </>
      }
      confirmLabel="Remove passkey"
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(passkey._id, {
          onSuccess: onRemoved,
          onError: (error) => setProblem(problemOf(error).message),
        })
      }
      onClose={onClose}
    />
  )
}
