import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { COMPANY_MESSAGES, formatCep, formatPhone, UFS, type CompanyDetails, type UpdateCompanyData, type UpdateCompanyInput } from '@sede/shared/company';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CEP_MASK, PHONE_MASK } from '../../../components/form/masked-input.tsx';
import { updateCompanySchema, useUpdateCompany } from '../api/update-company.ts';
import { MaskedField } from '../../../components/form/form-fields.tsx';

type FormValues = { name: string; fantasia: string; phone: string; email: string; address: string; city: string; state: string; cep: string };

const valuesOf = (c: CompanyDetails): FormValues => ({
  name: c.name,
  fantasia: c.fantasia ?? '',
  phone: formatPhone(c.phone),
  email: c.email ?? '',
  address: c.address ?? '',
  city: c.city ?? '',
  state: c.state ?? '',
  cep: formatCep(c.cep),
});

/** The company's own data (admins): name, trade name, contacts and address. */
export function CompanyEditForm({ company }: { company: CompanyDetails }) {
  const update = useUpdateCompany();
  const form = useForm<UpdateCompanyInput, unknown, UpdateCompanyData>({
    resolver: zodResolver(updateCompanySchema),
    defaultValues: valuesOf(company),
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, reset, formState } = form;

  // New data from the server (a refresh, another admin's edit) replaces an untouched form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new server data resets; a form turning clean again (after a save) must not reset to the older props
  useEffect(() => {
    if (!formState.isDirty) reset(valuesOf(company));
  }, [company]);

  const onSubmit = handleSubmit((data) =>
    update.mutateAsync(data).then(
      (saved) => {
        reset(valuesOf(saved));
        toast.success(COMPANY_MESSAGES.updated);
      },
      (e: unknown) => {
        toast.error('Erro ao salvar', {
          description: e instanceof ApiError && e.status < 500 ? e.message : COMPANY_MESSAGES.createErrorDescription,
        });
      },
    ),
  );

  const err = formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Dados da empresa</CardTitle>
        <CardDescription>Como a empresa aparece no Sede e como falar com ela.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={onSubmit} aria-label="Dados da empresa">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Nome da empresa" error={err.name?.message}>
              <Input autoComplete="organization" {...register('name')} />
            </Field>
            <Field label="Nome fantasia" error={err.fantasia?.message}>
              <Input {...register('fantasia')} />
            </Field>
            <MaskedField control={control} name="phone" label="Telefone / WhatsApp" mask={PHONE_MASK} type="tel" inputMode="tel" />
            <Field label="E-mail" error={err.email?.message}>
              <Input type="email" inputMode="email" {...register('email')} />
            </Field>
          </div>
          <Field label="Endereço" error={err.address?.message} hint="Rua, número e bairro">
            <Input autoComplete="street-address" {...register('address')} />
          </Field>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-[1fr_6rem_9rem]">
            <div className="col-span-2 sm:col-span-1">
              <Field label="Cidade" error={err.city?.message}>
                <Input autoComplete="address-level2" {...register('city')} />
              </Field>
            </div>
            <Field label="UF" error={err.state?.message}>
              <select className={inputClass} {...register('state')}>
                <option value="">—</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>{uf}</option>
                ))}
              </select>
            </Field>
            <MaskedField control={control} name="cep" label="CEP" mask={CEP_MASK} inputMode="numeric" autoComplete="postal-code" />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" disabled={!formState.isDirty || update.isPending} onClick={() => reset(valuesOf(company))}>
              Descartar alterações
            </Button>
            <Button type="submit" disabled={!formState.isDirty} pending={update.isPending}>
              Salvar alterações
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
