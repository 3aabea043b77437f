import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Control, type FieldErrors } from 'react-hook-form';
import { PERSON_NAME_MAX_LENGTH } from '@sede/shared/constants';
import { CPF_MASK, formatCpf } from '@sede/shared/cpf';
import { formatPhone, PHONE_MASKS } from '@sede/shared/phone';
import {
  modalForIssue,
  PROFILE_MESSAGES,
  PROFILE_MODALS,
  profileSchema,
  type ProfileData,
  type ProfileInput,
  type ProfileView,
  type SaveProfileReply,
} from '@sede/shared/profile';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSaveProfile } from './api/save-profile.ts';
import { GoogleLinkButton } from './google-link-button.tsx';
import { lengthHint } from '../../components/form/length-hint.ts';
import { MaskedInput, type MaskOptions } from '../../components/form/masked-input.tsx';
import { ProfileErrorDialog, type ProfileModal } from './profile-error-dialog.tsx';

const FIELD_ORDER = ['firstName', 'lastName', 'phone', 'cpf'] as const;
const PHONE_MASK: MaskOptions = { mask: PHONE_MASKS.map((mask) => ({ mask })) };

type Props = {
  profile: ProfileView;
  /** Saving with an invitation accepts it. */
  invitationToken?: string | null;
  submitLabel: string;
  googleCallbackURL: string;
  /** Completing a profile starts at the name; editing it does not. */
  autoFocusName?: boolean;
  onSaved: (reply: SaveProfileReply) => void | Promise<void>;
};

/**
 * The profile form of /complete-profile, /perfil and the invite view: read-only e-mail, name,
 * surname, phone and CPF with the spec's masks; the server's schema; the §8 modals.
 */
export function ProfileForm({ profile, invitationToken, submitLabel, googleCallbackURL, autoFocusName, onSaved }: Props) {
  const save = useSaveProfile();
  const [modal, setModal] = useState<ProfileModal>(null);
  const form = useForm<ProfileInput, unknown, ProfileData>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ? formatPhone(profile.phone) : '',
      cpf: profile.cpf ? formatCpf(profile.cpf) : '',
    },
  });
  const { errors } = form.formState;
  const [busy, setBusy] = useState(false);
  // The invitation could not be accepted (nothing was saved): the next save goes without it.
  const [inviteFailed, setInviteFailed] = useState(false);

  useEffect(() => {
    if (autoFocusName) form.setFocus('firstName');
  }, [form, autoFocusName]);

  const firstInvalid = (errs: FieldErrors<ProfileInput>) => FIELD_ORDER.find((f) => errs[f]);

  const onInvalid = (errs: FieldErrors<ProfileInput>) => {
    const field = firstInvalid(errs);
    const message = (field && errs[field]?.message) || PROFILE_MESSAGES.namesRequired;
    setModal({ title: modalForIssue(String(message)), description: String(message) });
  };

  const onValid = async (data: ProfileData) => {
    setBusy(true);
    try {
      const reply = await save.mutateAsync({ ...data, invitationToken: (!inviteFailed && invitationToken) || '' });
      if (reply.invitation && !reply.invitation.accepted) {
        setModal({ title: PROFILE_MODALS.accept, description: reply.invitation.error ?? 'Não foi possível aceitar o convite.' });
        return;
      }
      await onSaved(reply);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        setModal({ title: PROFILE_MODALS.auth, description: 'Sua sessão expirou. Entre novamente para continuar.' });
      } else if (e instanceof ApiError && e.body?.step === 'invitation') {
        setInviteFailed(true);
        setModal({ title: PROFILE_MODALS.accept, description: `${/[.!?]$/.test(e.message) ? e.message : `${e.message}.`} Salve novamente para concluir seu cadastro sem o convite.` });
      } else if (e instanceof ApiError && e.code === 'CPF_TAKEN') {
        form.setError('cpf', { message: PROFILE_MESSAGES.cpfTaken });
        setModal({ title: PROFILE_MODALS.cpfTaken, description: PROFILE_MESSAGES.cpfTaken });
      } else if (e instanceof ApiError && e.status === 400) {
        setModal({ title: PROFILE_MODALS.invalid, description: e.message });
      } else if (e instanceof ApiError) {
        setModal({ title: PROFILE_MODALS.save, description: e.message });
      } else {
        setModal({ title: PROFILE_MODALS.unexpected, description: 'Tente novamente em alguns instantes.' });
      }
    } finally {
      setBusy(false);
    }
  };

  const closeModal = () => {
    setModal(null);
    const field = firstInvalid(form.formState.errors);
    if (field) setTimeout(() => form.setFocus(field), 0);
  };

  return (
    <div className="grid gap-5">
      <GoogleLinkButton linked={profile.googleLinked} callbackURL={googleCallbackURL} />
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
        <span className="h-px flex-1 bg-slate-200" aria-hidden />
        ou complete manualmente
        <span className="h-px flex-1 bg-slate-200" aria-hidden />
      </div>
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4" aria-label="Dados do perfil">
        <Field label="E-mail" hint="O e-mail não pode ser alterado aqui.">
          <Input value={profile.email} readOnly aria-readonly data-testid="profile-email" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nome" error={errors.firstName?.message} hint={lengthHint(form.watch('firstName'), PERSON_NAME_MAX_LENGTH)}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </Field>
          <Field label="Sobrenome" error={errors.lastName?.message} hint={lengthHint(form.watch('lastName'), PERSON_NAME_MAX_LENGTH)}>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Telefone (opcional)" error={errors.phone?.message}>
            <MaskedController control={form.control} name="phone" mask={PHONE_MASK} inputMode="tel" autoComplete="tel-national" placeholder="(11) 91234-5678" />
          </Field>
          <Field label="CPF (opcional)" error={errors.cpf?.message}>
            <MaskedController control={form.control} name="cpf" mask={{ mask: CPF_MASK }} inputMode="numeric" autoComplete="off" placeholder="000.000.000-00" />
          </Field>
        </div>
        <Button type="submit" className="w-full" pending={busy}>
          {submitLabel}
        </Button>
      </form>
      <ProfileErrorDialog modal={modal} onClose={closeModal} />
    </div>
  );
}

type MaskedControllerProps = {
  control: Control<ProfileInput, unknown, ProfileData>;
  name: 'phone' | 'cpf';
  mask: MaskOptions;
  inputMode: 'tel' | 'numeric';
  autoComplete: string;
  placeholder: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/** Field hands its id and aria props to its child; this passes them on to the masked input. */
function MaskedController({ control, name, ...props }: MaskedControllerProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MaskedInput {...props} value={field.value ?? ''} onValueChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
      )}
    />
  );
}
