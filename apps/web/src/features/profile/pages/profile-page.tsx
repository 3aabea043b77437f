import { toast } from '../../../lib/toast.ts';
import { PROFILE_MESSAGES } from '@sede/shared/profile';
import { AiSettingsSection } from '../../../components/ai/ai-settings-section.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useProfile } from '../../../components/profile/api/get-profile.ts';
import { ProfileForm } from '../../../components/profile/profile-form.tsx';
import { ProfileSkeleton } from '../../../components/profile/profile-skeleton.tsx';
import { NotificationPreferencesSection } from '../../../components/notifications/notification-preferences.tsx';

/** /perfil: the signed-in person's own data. */
export default function ProfilePage() {
  const profile = useProfile();
  const { refresh, company } = useAuth();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Meu perfil</CardTitle>
          <CardDescription>Seus dados pessoais no Sede. Telefone e CPF são opcionais.</CardDescription>
        </CardHeader>
        <CardContent>
          {profile.data ? (
            <ProfileForm
              profile={profile.data}
              submitLabel="Salvar alterações"
              googleCallbackURL="/perfil"
              onSaved={async () => {
                toast.success(PROFILE_MESSAGES.saved);
                await refresh();
              }}
            />
          ) : profile.isError ? (
            <p role="alert" className="text-sm text-red-700">{profile.error.message}</p>
          ) : (
            <ProfileSkeleton />
          )}
        </CardContent>
      </Card>
      <AiSettingsSection />
      {company && <NotificationPreferencesSection />}
    </div>
  );
}
