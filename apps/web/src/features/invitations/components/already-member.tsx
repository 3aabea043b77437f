import { CheckCircle2, Building2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { DELAYS } from '@sede/shared/constants';
import { INVITE_MESSAGES } from '@sede/shared/invitations';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { InviteNotice } from './invite-notice.tsx';

/** 'Convite já aceito!', then /empresa after 1 s. */
export function AlreadyAccepted() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/empresa', { replace: true }), DELAYS.alreadyAcceptedRedirect);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center" data-testid="invite-already-accepted">
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">Convite já aceito!</h1>
      <Spinner label="Abrindo a empresa..." />
    </div>
  );
}

/** Signed in, named, and already in a different company: the invitation cannot be accepted. */
export function OtherCompany({ companyName }: { companyName: string }) {
  return (
    <div className="grid gap-4" data-testid="invite-other-company">
      <InviteNotice icon={Building2} tone="warning" title="Você já faz parte de outra empresa">
        <p className="text-sm text-slate-700">{INVITE_MESSAGES.otherCompany}</p>
        <p className="text-sm text-slate-600">Convite de: {companyName}</p>
      </InviteNotice>
      <Button asChild>
        <Link to="/empresa">Ir para a minha empresa</Link>
      </Button>
    </div>
  );
}
