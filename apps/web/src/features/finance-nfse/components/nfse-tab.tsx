import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useNfseSettings } from '../api/settings.ts';
import { CertificateCard } from './certificate-card.tsx';
import { SettingsForm } from './settings-form.tsx';

/** Financeiro → Nota fiscal: the A1 certificate and the NFS-e settings. */
export default function NfseTab() {
  const { membership } = useAuth();
  const mayWrite = can(grantsFor(membership), 'finance.write');
  const { data, isLoading } = useNfseSettings();
  return (
    <div className="grid gap-6">
      <CertificateCard mayWrite={mayWrite} />
      {isLoading ? <Spinner label="Carregando…" /> : <SettingsForm settings={data?.settings ?? null} mayWrite={mayWrite} />}
    </div>
  );
}
