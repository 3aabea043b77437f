import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { formatCnpj } from '@sede/shared/cnpj-format';
import { UFS } from '@sede/shared/company';
import type { LegalBasis, Organization, Person } from '@sede/shared/platform/parties';
import { CustomFieldsInputs, draftsOf, partyCustomFieldsQueryOptions, valuesOf, type CustomFieldDrafts } from '../../../components/crm-custom-fields/custom-fields-inputs.tsx';
import { TaskList } from '../../../components/collaboration/task-list.tsx';
import { PartyPicker } from '../../../components/parties/party-picker.tsx';
import type { PartyOption } from '../../../components/parties/search-parties.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormError } from '../../../components/ui/form-actions.tsx';
import { useFormSubmit } from '../../../lib/use-submit.ts';
import { CustomerMoneyCard } from '../../finance-billing/public.ts';
import { crmContactKeys } from '../api/keys.ts';
import { saveOrganization, savePerson } from '../api/save-contact.ts';
import { parseTags } from './tags.ts';
import { Select } from './select.tsx';
import { LegalBasisSelect, OwnerSelect } from './contact-selects.tsx';

type Props =
  | { entity: 'people'; contact: Person | null; open: boolean; onClose: () => void }
  | { entity: 'organizations'; contact: Organization | null; open: boolean; onClose: () => void };

const splitList = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((v) => v.trim())
    .filter(Boolean);

/** Create or edit a person or an organization: the parties' fields the CRM uses, with owner and tags. */
export function ContactDialog(props: Props) {
  const { entity, open, onClose } = props;
  const editing = props.contact;
  const title = entity === 'people' ? (editing ? 'Editar pessoa' : 'Nova pessoa') : editing ? 'Editar organização' : 'Nova organização';
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title} scrollable={!!editing}>
      {open && editing && <CustomerMoneyCard kind={entity === 'people' ? 'person' : 'organization'} id={editing.id} />}
      {open && <ContactForm key={editing?.id ?? 'new'} {...props} />}
      {open && editing && (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <TaskList entityType={entity === 'people' ? 'person' : 'organization'} entityId={editing.id} title="Tarefas" />
        </div>
      )}
    </Dialog>
  );
}

function ContactForm(props: Props) {
  const queryClient = useQueryClient();
  const person = props.entity === 'people' ? props.contact : null;
  const org = props.entity === 'organizations' ? props.contact : null;
  const [name, setName] = useState(person?.name ?? org?.razaoSocial ?? '');
  const [emails, setEmails] = useState(person ? person.emails.join(', ') : (org?.email ?? ''));
  const [phones, setPhones] = useState(person ? person.phones.join(', ') : (org?.phone ?? ''));
  const [position, setPosition] = useState(person?.position ?? '');
  const [municipio, setMunicipio] = useState(person?.municipio ?? '');
  const [uf, setUf] = useState(person?.uf ?? '');
  const [cnpj, setCnpj] = useState(org?.cnpj ? formatCnpj(org.cnpj) : '');
  const [fantasia, setFantasia] = useState(org?.nomeFantasia ?? '');
  const [organization, setOrganization] = useState<PartyOption | null>(person?.organization ? { id: person.organization.id, label: person.organization.nomeFantasia ?? person.organization.razaoSocial, detail: null } : null);
  const [ownerId, setOwnerId] = useState(props.contact?.ownerId ?? '');
  const [tags, setTags] = useState(props.contact?.tags.join(', ') ?? '');
  const [legalBasis, setLegalBasis] = useState<string>(person?.legalBasis ?? '');
  const customEntity = props.entity === 'people' ? 'person' : 'organization';
  const customFields = (useQuery(partyCustomFieldsQueryOptions()).data ?? []).filter((f) => f.entity === customEntity);
  const [customDrafts, setCustomDrafts] = useState<CustomFieldDrafts | null>(null);
  const drafts = customDrafts ?? draftsOf(customFields, props.contact?.customFields);
  const custom = customFields.length > 0 ? { customFields: valuesOf(customFields, drafts) } : {};
  const save = useFormSubmit(async () => {
    if (props.entity === 'people') {
      await savePerson(props.contact?.id ?? null, {
        name,
        emails: splitList(emails),
        phones: splitList(phones),
        position: position || null,
        municipio: municipio || null,
        uf: uf || null,
        organizationId: organization?.id ?? null,
        ownerId: ownerId || null,
        tags: parseTags(tags),
        legalBasis: (legalBasis || null) as LegalBasis | null,
        ...custom,
      });
    } else {
      await saveOrganization(props.contact?.id ?? null, {
        razaoSocial: name,
        nomeFantasia: fantasia || null,
        cnpj: cnpj || null,
        email: emails || null,
        phone: phones || null,
        ownerId: ownerId || null,
        tags: parseTags(tags),
        ...custom,
      });
    }
    await queryClient.invalidateQueries({ queryKey: crmContactKeys.parties });
    toast.success(props.contact ? 'Contato atualizado.' : 'Contato criado.');
    props.onClose();
  }, 'Não foi possível salvar.');

  const people = props.entity === 'people';
  return (
    <form onSubmit={save.onSubmit} className="grid max-h-[70vh] gap-3 overflow-y-auto pr-1" noValidate>
      <Field label={people ? 'Nome' : 'Razão social'}>
        <Input value={name} onChange={(e) => setName(e.target.value)} required autoFocus />
      </Field>
      {!people && (
        <>
          <Field label="Nome fantasia">
            <Input value={fantasia} onChange={(e) => setFantasia(e.target.value)} />
          </Field>
          <Field label="CNPJ">
            <Input value={cnpj} onChange={(e) => setCnpj(e.target.value)} inputMode="text" />
          </Field>
        </>
      )}
      <Field label={people ? 'E-mails' : 'E-mail'} hint={people ? 'Separe vários com vírgula.' : undefined}>
        <Input value={emails} onChange={(e) => setEmails(e.target.value)} inputMode="email" />
      </Field>
      <Field label={people ? 'Telefones' : 'Telefone'} hint="Com DDD.">
        <Input value={phones} onChange={(e) => setPhones(e.target.value)} inputMode="tel" />
      </Field>
      {people && (
        <>
          <Field label="Cargo">
            <Input value={position} onChange={(e) => setPosition(e.target.value)} />
          </Field>
          <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
            <Field label="Cidade">
              <Input value={municipio} onChange={(e) => setMunicipio(e.target.value)} autoComplete="address-level2" />
            </Field>
            <Field label="UF">
              <Select value={uf} onChange={(e) => setUf(e.target.value)}>
                <option value="">—</option>
                {UFS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <PartyPicker kind="organizations" label="Organização" value={organization} onChange={setOrganization} />
        </>
      )}
      <Field label="Responsável">
        <OwnerSelect value={ownerId} onChange={(e) => setOwnerId(e.target.value)} none="Sem responsável" />
      </Field>
      <Field label="Etiquetas" hint="Separe com vírgula (ex.: cliente, vip).">
        <Input value={tags} onChange={(e) => setTags(e.target.value)} />
      </Field>
      {people && (
        <Field label="Base legal (LGPD)">
          <LegalBasisSelect value={legalBasis} onChange={(e) => setLegalBasis(e.target.value)} none="Não informada" />
        </Field>
      )}
      <CustomFieldsInputs entity={customEntity} fields={customFields} drafts={drafts} onChange={setCustomDrafts} />
      <FormError error={save.error} />
      <div className="flex justify-end gap-2 pt-1">
        <Button type="button" variant="secondary" onClick={props.onClose}>
          Cancelar
        </Button>
        <Button type="submit" pending={save.pending}>
          Salvar
        </Button>
      </div>
    </form>
  );
}
