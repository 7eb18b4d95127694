/**
 * The form of a mail island (contact, booking): the kit's styles, no browser validation bubbles (the
 * kit's messages speak), the send as an action (./use-mail.ts), the submit button and the result
 * line, and the island's live mark once React owns it, so that a press held by client:interact
 * before then is replayed (src/directives/interact.ts).
 */
import type { FormHTMLAttributes, ReactNode, RefObject } from 'react';
import { FormActions, FormStatus, FormStyles } from '../kit/form-kit';
import { useHydrated } from '../kit/use-hydrated';
import type { useMailAction } from './use-mail';

export function MailForm({
  formRef,
  mail,
  className,
  submitLabel,
  children,
  ...attrs
}: {
  formRef: RefObject<HTMLFormElement | null>;
  mail: ReturnType<typeof useMailAction>;
  className: string;
  submitLabel: string;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'onSubmit' | 'className' | 'children'> &
  Record<`data-${string}`, string | boolean | undefined>) {
  const live = useHydrated();
  return (
    <>
      <FormStyles />
      <form
        ref={formRef}
        className={`fk-form ${className}`}
        noValidate
        action={mail.action}
        onSubmit={mail.onSubmit}
        data-live={live ? 'true' : undefined}
        {...attrs}
      >
        {children}
        <FormActions label={submitLabel} disabled={mail.pending} />
        <FormStatus status={mail.status} />
      </form>
    </>
  );
}
