import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { INVITE_MESSAGES, sendInvitationSchema, type SendInvitationInput } from '@sede/shared/invitations';
import { DEFAULT_INVITE_ROLE, type InviteRole } from '@sede/shared/roles';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { RoleSelect } from './role-select.tsx';

export type InviteEntry = { email: string; role: InviteRole };

type Props = {
  /** Addresses already in the list: a duplicate gets 'Email já adicionado'. */
  existing?: string[];
  onAdd: (entry: InviteEntry) => void | Promise<void>;
  submitLabel?: string;
  pending?: boolean;
};

/** E-mail and role; Enter in the e-mail field adds. Same schema as the server's send-invitation. */
export function InviteMemberForm({ existing = [], onAdd, submitLabel = 'Adicionar', pending }: Props) {
  const schema = useMemo(
    () =>
      sendInvitationSchema.refine((v) => !existing.includes(v.email), { message: INVITE_MESSAGES.duplicate, path: ['email'] }),
    [existing],
  );
  const form = useForm<SendInvitationInput, unknown, InviteEntry>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', role: DEFAULT_INVITE_ROLE },
  });
  const email = form.watch('email');
  const submit = form.handleSubmit(async (entry) => {
    try {
      await onAdd(entry);
    } catch {
      return; // the caller said why; the form keeps what was typed
    }
    form.reset({ email: '', role: entry.role });
    form.setFocus('email');
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="sm:col-span-2">
        <Field label="E-mail" error={form.formState.errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="off" placeholder="nome@empresa.com.br" {...form.register('email')} />
        </Field>
      </div>
      <Field label="Função">
        <RoleSelect {...form.register('role')} />
      </Field>
      <Button type="submit" variant="secondary" className="sm:mt-[1.625rem]" disabled={!email?.trim()} pending={pending}>
        <Plus aria-hidden /> {submitLabel}
      </Button>
    </form>
  );
}
